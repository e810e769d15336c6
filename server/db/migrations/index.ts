import type { Migration } from 'kysely';
import * as appMeta from './2026-11-22-0001-app-meta';
import * as accountsAndSessions from './2026-11-22-0100-accounts-and-sessions';
import * as blogAndContact from './2026-11-22-0200-blog-and-contact';
import * as catalogue from './2026-11-22-0300-catalogue';
import * as identityReviews from './2026-11-22-0400-identity-reviews';
import * as auditActor from './2026-11-22-0500-audit-actor';
import * as kycDefaultColumn from './2026-11-22-0500-kyc-default-column';
import * as usageBudgets from './2026-11-22-0550-usage-budgets';
import * as ordersAndLedger from './2026-11-22-0600-orders-and-ledger';
import * as notifications from './2026-11-22-0700-notifications';
import * as governance from './2026-11-22-0800-governance';
import * as account from './2026-11-22-0900-account';
import * as purchaseDefaults from './2026-11-22-1000-purchase-defaults';
import * as productSellers from './2026-11-23-0800-product-sellers';
import * as postDescriptions from './2026-11-23-1100-post-descriptions';
import * as popularitySnapshot from './2026-11-23-1110-popularity-snapshot';
import * as userLanguage from './2026-11-23-1120-user-language';
import * as productInvestorCount from './2026-11-24-1600-product-investor-count';
import * as homeShelfIndexes from './2026-11-24-1700-home-shelf-indexes';
import * as pushEndpointBounds from './2026-11-25-1001-push-endpoint-bounds';
import * as governanceVotingPower from './2026-11-25-1005-governance-voting-power';
import * as liveEvents from './2026-11-25-1006-live-events';
import * as notificationMail from './2026-11-25-1007-notification-mail';
import * as operatorApprovals from './2026-11-25-1008-operator-approvals';
import * as cashLedger from './2026-11-26-1020-cash-ledger';
import * as auditLogOrder from './2026-11-26-1030-audit-log-order';
import * as bankStatements from './2026-11-26-1040-bank-statements';
import * as postDrafts from './2026-11-27-1400-post-drafts';
import * as market from './2026-11-27-1500-market';
import * as notificationParams from './2026-11-27-1700-notification-params';
import * as revenueWithholding from './2026-11-28-1200-revenue-withholding';
import * as marketGoodUntil from './2026-11-28-1300-market-good-until';
import * as marketReads from './2026-11-28-1500-market-reads';
import * as notificationFanout from './2026-11-27-1600-notification-fanout';
import * as votingLedgerMark from './2026-11-28-1600-voting-ledger-mark';
import * as holderLedgerMarkIndex from './2026-11-28-1700-holder-ledger-mark-index';
import * as ordersHolderIndex from './2026-11-28-2000-orders-holder-index';
import * as marketBookLevels from './2026-11-28-2100-market-book-levels';
import * as demoPicturesWebp from './2026-11-29-0100-demo-pictures-webp';

/**
 * Every migration, in order. Names are dated so they sort; a migration that has shipped is
 * never edited, only followed by a new one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-app-meta': appMeta,
  '2026-11-22-0100-accounts-and-sessions': accountsAndSessions,
  '2026-11-22-0200-blog-and-contact': blogAndContact,
  '2026-11-22-0300-catalogue': catalogue,
  '2026-11-22-0400-identity-reviews': identityReviews,
  '2026-11-22-0500-audit-actor': auditActor,
  '2026-11-22-0500-kyc-default-column': kycDefaultColumn,
  '2026-11-22-0550-usage-budgets': usageBudgets,
  '2026-11-22-0600-orders-and-ledger': ordersAndLedger,
  '2026-11-22-0700-notifications': notifications,
  '2026-11-22-0800-governance': governance,
  '2026-11-22-0900-account': account,
  '2026-11-22-1000-purchase-defaults': purchaseDefaults,
  '2026-11-23-0800-product-sellers': productSellers,
  '2026-11-23-1100-post-descriptions': postDescriptions,
  '2026-11-23-1110-popularity-snapshot': popularitySnapshot,
  '2026-11-23-1120-user-language': userLanguage,
  '2026-11-24-1600-product-investor-count': productInvestorCount,
  '2026-11-24-1700-home-shelf-indexes': homeShelfIndexes,
  '2026-11-25-1001-push-endpoint-bounds': pushEndpointBounds,
  '2026-11-25-1005-governance-voting-power': governanceVotingPower,
  '2026-11-25-1006-live-events': liveEvents,
  '2026-11-25-1007-notification-mail': notificationMail,
  '2026-11-25-1008-operator-approvals': operatorApprovals,
  '2026-11-26-1020-cash-ledger': cashLedger,
  '2026-11-26-1030-audit-log-order': auditLogOrder,
  '2026-11-26-1040-bank-statements': bankStatements,
  '2026-11-27-1400-post-drafts': postDrafts,
  '2026-11-27-1500-market': market,
  '2026-11-27-1600-notification-fanout': notificationFanout,
  '2026-11-27-1700-notification-params': notificationParams,
  '2026-11-28-1200-revenue-withholding': revenueWithholding,
  '2026-11-28-1300-market-good-until': marketGoodUntil,
  '2026-11-28-1500-market-reads': marketReads,
  '2026-11-28-1600-voting-ledger-mark': votingLedgerMark,
  '2026-11-28-1700-holder-ledger-mark-index': holderLedgerMarkIndex,
  '2026-11-28-2000-orders-holder-index': ordersHolderIndex,
  '2026-11-28-2100-market-book-levels': marketBookLevels,
  '2026-11-29-0100-demo-pictures-webp': demoPicturesWebp,
};
