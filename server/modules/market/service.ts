// The market between investors (docs/decisions/1813-market-between-investors.md), split by concern
// (README.md). Every write to a project's book runs in one transaction under the project's market
// lock: the order, its hold (cash through the cash ledger, tokens through
// product_holdings.market_held), the matching rule of src/domain/market.ts, and each fill's trade,
// cash entries, holding entries and fee, so a fill is recorded whole or not at all. The database's
// guarded updates and CHECKs decide that no balance and no holding goes below what it holds.
//
// This file is the module's entry for other modules: what the operator console uses is named
// here. The routes, the command line and the tests import the files themselves.

export { getMarket } from './reads';
export { countOpenOrders } from './repository';
export { cancelAllOrders, changeMarketSettings, closeMarket, haltMarket, openMarket, resumeMarket } from './controls';
