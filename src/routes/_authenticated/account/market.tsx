import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { MarketOrder, MarketOrderState, MyMarketTrade } from '../../../domain/market';
import { useCancelMarketOrder } from '../../../features/market/mutations';
import { myMarketOrdersQueryOptions, myMarketTradesQueryOptions } from '../../../features/market/queries';
import { formatDateTime } from '../../../lib/dates';
import { pageHead } from '../../../lib/head';
import { t, type MessageKey } from '../../../lib/i18n';
import { formatMoney, formatNumber } from '../../../lib/money';
import { RequestError } from '../../../lib/request-error';
import { Amount } from '../../../ui/amount';
import { NetworkButton } from '../../../ui/network-button';

/**
 * The investor's market orders (open, filled, cancelled, expired) with a cancel button for the
 * open ones, and their trades (docs/decisions/1821). Opens offline from what this device saved.
 */
export const Route = createFileRoute('/_authenticated/account/market')({
  staticData: { texts: ['catalogue'] },
  head: () => pageHead(t('market.mine.title')),
  component: Page,
});

const filters: ReadonlyArray<{ state: MarketOrderState | null; label: MessageKey }> = [
  { state: null, label: 'market.mine.filter.all' },
  { state: 'OPEN', label: 'market.mine.state.OPEN' },
  { state: 'FILLED', label: 'market.mine.state.FILLED' },
  { state: 'CANCELLED', label: 'market.mine.state.CANCELLED' },
  { state: 'EXPIRED', label: 'market.mine.state.EXPIRED' },
];

const stateStyles: Record<MarketOrderState, string> = {
  OPEN: 'bg-brand-50 text-brand-900',
  FILLED: 'bg-mint-100 text-mint-900',
  CANCELLED: 'bg-line text-ink-soft',
  EXPIRED: 'bg-gold-100 text-ink',
};

function Page() {
  const [state, setState] = useState<MarketOrderState | null>(null);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">{t('market.mine.title')}</h1>
        <p className="mt-3 max-w-2xl text-ink-soft">{t('market.mine.intro')}</p>
      </div>
      <section aria-labelledby="my-market-orders" className="space-y-4">
        <h2 id="my-market-orders" className="text-lg font-bold text-ink">
          {t('market.mine.orders')}
        </h2>
        <div role="group" aria-label={t('market.mine.filter.label')} className="flex flex-wrap gap-2">
          {filters.map((filter) => (
            <button
              key={filter.label}
              type="button"
              aria-pressed={state === filter.state}
              onClick={() => setState(filter.state)}
              className="focus-ring inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-semibold text-ink-soft ring-1 ring-inset ring-line hover:bg-brand-50 aria-pressed:!bg-brand-900 aria-pressed:!text-white aria-pressed:!ring-brand-900"
            >
              {t(filter.label)}
            </button>
          ))}
        </div>
        <OrdersList state={state} />
      </section>
      <TradesSection />
    </div>
  );
}

function OrdersList({ state }: { state: MarketOrderState | null }) {
  const orders = useSuspenseInfiniteQuery(myMarketOrdersQueryOptions(state));
  const list = orders.data.pages.flatMap((page) => page.orders);
  if (list.length === 0) {
    return (
      <div className="card p-6">
        <p className="text-ink-soft">{t('market.mine.noOrders')}</p>
        <Link to="/projects" className="btn-primary mt-4">
          {t('market.mine.browse')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-3" aria-label={t('market.mine.ordersLabel')} data-testid="my-market-orders">
        {list.map((order) => (
          <OrderItem key={order.id} order={order} currency={orders.data.pages[0]!.currency} />
        ))}
      </ul>
      {orders.hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            className="btn-secondary"
            disabled={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            {t('market.mine.more')}
          </button>
        </div>
      ) : null}
    </>
  );
}

function OrderItem({ order, currency }: { order: MarketOrder; currency: string }) {
  const cancel = useCancelMarketOrder();
  const [error, setError] = useState<string | null>(null);
  // What is not remaining has traded (a closed order keeps what was left when it closed).
  const filled = order.quantity - order.remaining;
  const sideLabel = order.side === 'BUY' ? t('market.mine.side.BUY') : t('market.mine.side.SELL');
  return (
    <li
      className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5"
      data-testid={`my-market-order-${order.id}`}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-bold text-ink">
          <Link to="/projects/$productId" params={{ productId: order.productId }} className="text-link">
            {order.productName}
          </Link>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateStyles[order.state]}`}>
            {t(`market.mine.state.${order.state}`)}
          </span>
        </p>
        <p className="text-sm text-ink-soft">
          {t('market.mine.orderLine', {
            side: sideLabel,
            quantity: formatNumber(order.quantity),
            price: formatMoney(order.price, currency),
          })}
        </p>
        <p className="text-sm text-ink-soft" data-testid="my-market-order-filled">
          {t('market.mine.filled', { filled: formatNumber(filled), quantity: formatNumber(order.quantity) })}
        </p>
        <p className="text-xs text-ink-muted">
          {t('market.mine.placedAt')} <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          {' · '}
          {order.goodUntil ? (
            <>
              {t('market.mine.goodUntil')} <time dateTime={order.goodUntil}>{formatDateTime(order.goodUntil)}</time>
            </>
          ) : (
            t('market.mine.untilCancelled')
          )}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-coral-800">
            {error}
          </p>
        ) : null}
      </div>
      {order.state === 'OPEN' ? (
        <div className="flex flex-wrap gap-2 sm:max-w-56 sm:justify-end">
          <NetworkButton
            className="btn-secondary"
            disabled={cancel.isPending}
            aria-label={t('market.mine.cancelOf', { id: String(order.id) })}
            onClick={() => {
              setError(null);
              cancel.mutate(order.id, {
                onError: (failure) =>
                  setError(failure instanceof RequestError ? failure.message : t('market.mine.cancelFailed')),
              });
            }}
          >
            {t('market.mine.cancel')}
          </NetworkButton>
        </div>
      ) : null}
    </li>
  );
}

function TradesSection() {
  const trades = useSuspenseInfiniteQuery(myMarketTradesQueryOptions());
  const list = trades.data.pages.flatMap((page) => page.trades);
  return (
    <section aria-labelledby="my-market-trades" className="space-y-4">
      <h2 id="my-market-trades" className="text-lg font-bold text-ink">
        {t('market.mine.trades')}
      </h2>
      {list.length === 0 ? (
        <p className="card p-6 text-ink-soft">{t('market.mine.noTrades')}</p>
      ) : (
        <ul className="card divide-y divide-line" aria-label={t('market.mine.tradesLabel')}>
          {list.map((trade) => (
            <TradeItem key={trade.id} trade={trade} />
          ))}
        </ul>
      )}
      {trades.hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            className="btn-secondary"
            disabled={trades.isFetchingNextPage}
            onClick={() => void trades.fetchNextPage()}
          >
            {t('market.mine.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function TradeItem({ trade }: { trade: MyMarketTrade }) {
  const money = (minor: number) => formatMoney(minor, trade.currency);
  return (
    <li className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {trade.side === 'BUY' ? t('market.mine.bought') : t('market.mine.sold')} · {trade.productName}
        </p>
        <p className="text-sm text-ink-soft">
          {t('market.mine.tradeLine', { quantity: formatNumber(trade.quantity), price: money(trade.price) })}
          {trade.fee > 0 ? ` · ${t('market.mine.fee', { fee: money(trade.fee) })}` : ''}
        </p>
        <p className="text-xs text-ink-muted">
          <time dateTime={trade.createdAt}>{formatDateTime(trade.createdAt)}</time>
        </p>
      </div>
      <p className="font-bold text-ink">
        <Amount>{money(trade.amount)}</Amount>
      </p>
    </li>
  );
}
