import type { ColumnType, Generated } from 'kysely';
import type { CashActor, CashEntryKind, CashEntryReason, WithdrawalState } from '../../src/domain/cash';
import type { ReviewAnswer, ReviewStatus } from '../../src/domain/access';
import type { AuditActor, InvestorType, KycStatus, UserRole } from '../../src/domain/auth';
import type { FileUse, InvestorBasis, KycProvider, RejectType } from '../../src/domain/kyc';
import type {
  CommunitySectionType,
  CommunityViewType,
  PayMethodType,
  WhitelistStatus,
} from '../../src/domain/products';

/**
 * The database as the app sees it. Timestamps are ISO-8601 UTC strings on both engines
 * (text in SQLite, timestamptz in PostgreSQL parsed back to ISO by the client setup).
 */
export type Timestamp = ColumnType<string, string, string>;

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** 0 or 1: both engines store flags as integers. */
export type Flag = ColumnType<number, number | undefined, number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: string;
  email: string | null;
  name: string | null;
  legal_name: string | null;
  country_of_residence: string | null;
  investor_type: Defaulted<InvestorType>;
  kyc_status: Defaulted<KycStatus>;
  role: Defaulted<UserRole>;
  is_banned: Flag;
  ban_reason: string | null;
  is_hide_badge: Flag;
  /** 'en' or 'ko' once the investor chose; null until then. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: Timestamp;
}

export interface EmailChallengesTable {
  id: string;
  purpose: 'SIGN_IN' | 'EMAIL_CHANGE';
  email: string;
  user_id: string | null;
  code_hash: string;
  attempts: Defaulted<number>;
  ip: string;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  method: 'EMAIL' | 'GOOGLE';
  is_second_factor_passed: Flag;
  second_factor_at: Timestamp | null;
  ip: string;
  user_agent: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface TotpFactorsTable {
  user_id: string;
  secret_sealed: string | null;
  pending_secret_sealed: string | null;
  pending_created_at: Timestamp | null;
  enabled_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface TotpUsedStepsTable {
  user_id: string;
  step: number;
  created_at: Timestamp;
}

export interface SecondFactorAttemptsTable {
  id: string;
  user_id: string;
  is_success: Flag;
  created_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuditEventsTable {
  id: string;
  user_id: string | null;
  type: string;
  detail: string | null;
  ip: string;
  user_agent: string;
  actor: AuditActor;
  created_at: Timestamp;
}

export interface PostAuthorsTable {
  id: Generated<number>;
  name: string;
  image: string | null;
  created_at: Timestamp;
}

export interface PostsTable {
  id: Generated<number>;
  title: string;
  url_title: string;
  sub_title: string;
  /** Sanitized HTML. */
  content: string;
  author_id: number;
  thumbnail: string | null;
  created_at: Timestamp;
  posted_at: Timestamp;
  /** 0 or 1. */
  is_hide: number;
  read_time: number;
  /** The content's text without markup, cut to 150 characters; stored when the post is written. */
  description: string;
  /** 0 or 1: a draft is never shown to readers, whatever its posted_at. */
  is_draft: Flag;
  /** What the operator wrote in the console; null for posts written as HTML (the seed). */
  markdown: string | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
}

export interface Database extends CatalogueTables, OrderTables, GovernanceTables, AccountTables {
  app_meta: AppMetaTable;
  approvals: ApprovalsTable;
  statement_mappings: StatementMappingsTable;
  statement_lines: StatementLinesTable;
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  email_challenges: EmailChallengesTable;
  sessions: SessionsTable;
  totp_factors: TotpFactorsTable;
  totp_used_steps: TotpUsedStepsTable;
  second_factor_attempts: SecondFactorAttemptsTable;
  recovery_codes: RecoveryCodesTable;
  audit_events: AuditEventsTable;
  kyc_reviews: KycReviewsTable;
  investor_verifications: InvestorVerificationsTable;
  kyc_files: KycFilesTable;
  kyc_webhook_events: KycWebhookEventsTable;
  purchase_defaults: PurchaseDefaultsTable;
  usage_budgets: UsageBudgetsTable;
  storage_usage: StorageUsageTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  live_events: LiveEventsTable;
  mail_outbox: MailOutboxTable;
  market_settings: MarketSettingsTable;
  market_orders: MarketOrdersTable;
  market_book_levels: MarketBookLevelsTable;
  market_trades: MarketTradesTable;
  platform_cash_entries: PlatformCashEntriesTable;
  notification_fanouts: NotificationFanoutsTable;
}

/** A project's market: its trading state and settings (docs/decisions/1813). */
export interface MarketSettingsTable {
  product_id: number;
  state: 'OPEN' | 'HALTED' | 'CLOSED';
  state_reason: string | null;
  tick_size: number;
  band_bp: number;
  fee_bp: number;
  updated_at: Timestamp;
}

export interface MarketOrdersTable {
  id: Generated<number>;
  product_id: number;
  user_id: string;
  side: 'BUY' | 'SELL';
  price: number;
  quantity: number;
  remaining: number;
  state: 'OPEN' | 'FILLED' | 'CANCELLED';
  /** EXPIRED: the order passed its good_until. */
  cancel_reason: 'INVESTOR' | 'OPERATOR' | 'SELF_TRADE' | 'EXPIRED' | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: Timestamp | null;
  /** Good until this instant; null: until cancelled. */
  good_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The book by price level, kept in the same transaction as the orders it sums: the open orders'
 * remaining quantity and their number per project, side and price (docs/decisions/1833). A level
 * with nothing left has no row.
 */
export interface MarketBookLevelsTable {
  product_id: number;
  side: 'BUY' | 'SELL';
  price: number;
  quantity: number;
  orders: number;
}

/** One fill: append-only. */
export interface MarketTradesTable {
  id: Generated<number>;
  product_id: number;
  buy_order_id: number;
  sell_order_id: number;
  buyer_id: string;
  seller_id: string;
  currency: string;
  price: number;
  quantity: number;
  amount: number;
  fee: number;
  created_at: Timestamp;
}

/** The platform's own account: fees it earned, one row per trade. Append-only. */
export interface PlatformCashEntriesTable {
  id: Generated<number>;
  currency: string;
  kind: 'MARKET_FEE';
  amount: number;
  market_trade_id: number | null;
  created_at: Timestamp;
}

export interface UsageBudgetsTable {
  key: string;
  used: number;
  window_start: string;
}

export interface StorageUsageTable {
  user_id: string;
  bytes: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  sort_order: Defaulted<number>;
}

export interface ProductsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  description: string;
  image: string;
  logo: string;
  token_name: string;
  contract_address: string | null;
  price_per_token: number;
  total_quantity: number;
  remaining_quantity: number;
  target_cap: number | null;
  soft_cap: number | null;
  user_min_investment: number;
  user_max_investment: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  is_reg_d: Flag;
  is_restricted: Flag;
  is_featured: Flag;
  is_governance: Flag;
  can_witch: Flag;
  hide_status: Defaulted<'SHOW' | 'HIDE'>;
  regulation: string;
  investment_risk_disclaimer: string;
  document_description: string | null;
  created_at: Timestamp;
  /** Investors holding it now (holdings above zero), kept by the ledger (holdings/repository.ts). */
  investor_count: Defaulted<number>;
  /** Part of each revenue share withheld when it is paid into a balance, in basis points (0: none). */
  revenue_withholding_bps: Defaulted<number>;
}

export interface ProductAboutTable {
  product_id: number;
  logo: string | null;
  legal_name: string;
  employees: number | null;
  founded: number | null;
  website: string | null;
  form: string | null;
  location_image: string | null;
  address: string | null;
}

interface ProductChild {
  id: Generated<number>;
  product_id: number;
  sort_order: Defaulted<number>;
}

export interface ProductTeamMembersTable extends ProductChild {
  name: string;
  role: string;
  description: string;
  image: string | null;
}
export interface ProductSocialLinksTable extends ProductChild {
  platform: string;
  url: string;
}
export interface ProductDealTermsTable extends ProductChild {
  field: string;
  value: string;
  tooltip: string | null;
}
export interface ProductImagesTable extends ProductChild {
  url: string;
  alt_text: string;
}
export interface ProductGiftsTable extends ProductChild {
  title: string;
  description: string;
  is_digital: Flag;
  limit_quantity: number;
  /** What a digital gift turns out to be; shown only to the investor who claimed it. */
  reveal_text?: Nullable<string>;
}
export interface ProductFaqsTable extends ProductChild {
  title: string;
  description: string;
}
export interface ProductRisksTable extends ProductChild {
  title: string;
  description: string;
}
export interface ProductDocumentsTable extends ProductChild {
  name: string;
  description: string;
  url: string;
}
export interface ProductCustomSectionsTable extends ProductChild {
  title: string;
  content: string;
}
export interface ProductPayMethodsTable extends ProductChild {
  name: string;
  address: string;
  alias: string;
  pay_method_type: PayMethodType;
  bank_name: ColumnType<string | null, string | null | undefined, string | null>;
  account_holder: ColumnType<string | null, string | null | undefined, string | null>;
  network: ColumnType<string | null, string | null | undefined, string | null>;
  asset: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface ProductCommunitySectionsTable extends ProductChild {
  type: CommunitySectionType;
  view_type: CommunityViewType;
}
export interface ProductCommunityBadgesTable extends ProductChild {
  name: string;
  limit_quantity: number;
}

export interface ProductHoldingsTable {
  product_id: number;
  user_id: string;
  quantity: number;
  /** Tokens held by resting market sell orders (0 ≤ market_held ≤ quantity). */
  market_held: Generated<number>;
  first_invested_at: Timestamp;
  updated_at: Timestamp;
}

/** One row (id 1): the "most popular" ranking, counted once per change (products/popularity-repository.ts). */
export interface PopularitySnapshotTable {
  id: number;
  /** Raised in the transaction that writes each new holder. */
  generation: number;
  /** The generation the ranking was counted at; stale unless it equals generation. */
  computed_generation: number | null;
  /** Project ids, most popular first, comma-separated. */
  top_ids: string;
  /** The ranking holds for window starts after since_after and at or before since_until (null: unbounded). */
  since_after: Timestamp | null;
  since_until: Timestamp | null;
}

export interface ProductSubscriptionsTable {
  product_id: number;
  user_id: string;
  created_at: Timestamp;
}

export interface ProductWhitelistTable {
  product_id: number;
  user_id: string;
  status: WhitelistStatus;
  requested_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
}

export interface CatalogueTables {
  categories: CategoriesTable;
  products: ProductsTable;
  product_about: ProductAboutTable;
  product_team_members: ProductTeamMembersTable;
  product_social_links: ProductSocialLinksTable;
  product_deal_terms: ProductDealTermsTable;
  product_images: ProductImagesTable;
  product_gifts: ProductGiftsTable;
  product_faqs: ProductFaqsTable;
  product_risks: ProductRisksTable;
  product_documents: ProductDocumentsTable;
  product_custom_sections: ProductCustomSectionsTable;
  product_pay_methods: ProductPayMethodsTable;
  product_community_sections: ProductCommunitySectionsTable;
  product_community_badges: ProductCommunityBadgesTable;
  product_holdings: ProductHoldingsTable;
  popularity_snapshot: PopularitySnapshotTable;
  product_subscriptions: ProductSubscriptionsTable;
  product_whitelist: ProductWhitelistTable;
  post_authors: PostAuthorsTable;
  posts: PostsTable;
  contact_messages: ContactMessagesTable;
}

export type ReviewStatusColumn = ReviewStatus;

export interface KycReviewsTable {
  id: string;
  user_id: string;
  provider: KycProvider;
  review_status: ReviewStatusColumn;
  review_answer: ReviewAnswer | null;
  reject_type: RejectType | null;
  message: string | null;
  legal_name: string | null;
  date_of_birth: string | null;
  country_of_residence: string | null;
  investor_type: Defaulted<InvestorType>;
  entity_name: string | null;
  entity_number: string | null;
  document_type: string | null;
  provider_event_at: Timestamp | null;
  submitted_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvestorVerificationsTable {
  id: string;
  user_id: string;
  basis: InvestorBasis;
  details: string;
  is_self_certified: number;
  review_status: Extract<ReviewStatus, 'pending' | 'completed'>;
  review_answer: ReviewAnswer | null;
  reject_type: RejectType | null;
  message: string | null;
  submitted_at: Timestamp;
  reviewed_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface KycFilesTable {
  id: string;
  user_id: string;
  content_type: string;
  size: number;
  sha256: string;
  used_as: FileUse | null;
  created_at: Timestamp;
}

export interface KycWebhookEventsTable {
  digest: string;
  type: string;
  user_id: string | null;
  event_at: Timestamp | null;
  received_at: Timestamp;
}

type OrderStateColumn =
  'RESERVED' | 'SIGNED' | 'PAYMENT_DECLARED' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED' | 'REJECTED' | 'REFUNDED';
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface OrdersTable {
  id: string;
  reference: string;
  user_id: string;
  product_id: number;
  pay_method_id: number;
  state: OrderStateColumn;
  quantity: number;
  price_per_token: number;
  amount: number;
  currency: string;
  identity_id: Nullable<string>;
  source_of_funds: Nullable<string>;
  idempotency_key: Nullable<string>;
  request_hash: Nullable<string>;
  payer_name: Nullable<string>;
  tx_hash: Nullable<string>;
  payment_declared_at: Nullable<string>;
  /** TRANSFER or BALANCE (settled from the cash balance when signed). */
  pay_from: ColumnType<'TRANSFER' | 'BALANCE', 'TRANSFER' | 'BALANCE' | undefined, never>;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  type: string;
  state: OrderStateColumn;
  actor_type: 'INVESTOR' | 'OPERATOR' | 'SYSTEM';
  actor: string;
  note: string | null;
  created_at: Timestamp;
}

export interface InvestorPositionsTable {
  product_id: number;
  user_id: string;
  committed_quantity: number;
  updated_at: Timestamp;
}

export interface HoldingEntriesTable {
  id: Generated<number>;
  product_id: number;
  user_id: string;
  /** Signed: credits are positive, reversals negative. */
  quantity: number;
  reason:
    | 'OPENING_BALANCE'
    | 'ORDER_CONFIRMED'
    | 'ORDER_REFUNDED'
    | 'DISTRIBUTION'
    | 'CORRECTION'
    | 'MARKET_BUY'
    | 'MARKET_SALE';
  order_id: Nullable<string>;
  /** The market trade that moved these tokens (MARKET_BUY, MARKET_SALE). */
  market_trade_id: Nullable<number>;
  note: Nullable<string>;
  created_at: Timestamp;
}

export interface ContractSignaturesTable {
  id: string;
  order_id: string;
  user_id: string;
  legal_name: string;
  contract_text: string;
  contract_sha256: string;
  /** JSON: the project documents (id, name, version, sha256) as they stood at signing. */
  documents: string;
  signature_sha256: string | null;
  ip: string;
  user_agent: string;
  file_name: string;
  file_sha256: string;
  file_size: number;
  signed_at: Timestamp;
}

export interface ProductDocumentVersionsTable {
  id: Generated<number>;
  document_id: number;
  version: number;
  url: string;
  /** Relative to the data folder, for versions an operator uploaded; null for files of the site. */
  stored_path: Nullable<string>;
  sha256: Nullable<string>;
  size: Nullable<number>;
  note: Nullable<string>;
  created_by: string;
  created_at: Timestamp;
}

export interface OrderTables {
  orders: OrdersTable;
  order_events: OrderEventsTable;
  investor_positions: InvestorPositionsTable;
  holding_entries: HoldingEntriesTable;
  contract_signatures: ContractSignaturesTable;
  product_document_versions: ProductDocumentVersionsTable;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  type: string;
  product_id: number | null;
  title: string;
  body: string;
  /** The type's parameters as JSON (names to strings); null on rows stored before they were kept. */
  params: string | null;
  link: string;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

export interface NotificationPreferencesTable {
  user_id: string;
  type: string;
  /** 0: the type as a whole; otherwise one project. */
  product_id: number;
  is_enabled: number;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Attempts in a row that got no answer from the push service; 0 after a delivery. */
  failed_attempts: Generated<number>;
}

export type PushOutboxState = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

export interface PushOutboxTable {
  id: string;
  notification_id: number;
  subscription_id: string;
  state: PushOutboxState;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp;
  claim_id: string | null;
  claimed_until: Timestamp | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** A notification's mail, stored with it and sent by the sweep (decision 0700, 1706). */
export interface MailOutboxTable {
  id: string;
  notification_id: number;
  subject: string;
  text: string;
  state: PushOutboxState;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp;
  claim_id: string | null;
  claimed_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

type AuthorSourceColumn = 'INVESTOR' | 'ADMIN' | 'SELLER';

export interface GovernanceVotingsTable {
  id: Generated<number>;
  product_id: number;
  kind: 'PROPOSAL' | 'AGENDA';
  title: string;
  body: string;
  /** JSON array of option labels. */
  options: string;
  author_user_id: Nullable<string>;
  author_name: string;
  author_source: AuthorSourceColumn;
  status: 'OPEN' | 'CLOSED' | 'CANCELLED';
  starts_at: Timestamp;
  ends_at: Timestamp;
  snapshot_at: Timestamp;
  /**
   * The id of the project's last holding entry when the item opened (docs/decisions/1824): a
   * holder's power is the sum of their entries up to it. NULL for items opened before, whose
   * power is their rows of governance_voting_power.
   */
  ledger_mark: Nullable<number>;
  total_power: number;
  quorum_percent: number;
  threshold_percent: number;
  results_visible_before_close: Flag;
  outcome: Nullable<'PASSED' | 'REJECTED' | 'NO_QUORUM'>;
  winning_option: Nullable<number>;
  closed_at: Nullable<string>;
  closed_by: Nullable<string>;
  created_at: Timestamp;
}

export interface GovernanceBallotsTable {
  id: Generated<number>;
  voting_id: number;
  user_id: string;
  /** 0 abstains, 1..n an option. */
  choice: number;
  weight: number;
  created_at: Timestamp;
}

/**
 * A holder's voting power in one proposal or agenda: their ledger balance as the transaction
 * that opened it saw it. Ballots, notifications and the close read these rows.
 */
export interface GovernanceVotingPowerTable {
  voting_id: number;
  user_id: string;
  power: number;
}

export interface GovernanceNoticesTable {
  id: Generated<number>;
  product_id: number;
  title: string;
  body: string;
  is_pinned: Flag;
  source: AuthorSourceColumn;
  author: string;
  voting_id: Nullable<number>;
  created_at: Timestamp;
}

export interface GovernanceNoticeReadsTable {
  notice_id: number;
  user_id: string;
  read_at: Timestamp;
}

export interface CommunityPostsTable {
  id: Generated<number>;
  product_id: number;
  section_id: number;
  /** Null for a thread, the thread's id for an answer. */
  parent_id: Nullable<number>;
  user_id: string;
  source: AuthorSourceColumn;
  title: Nullable<string>;
  body: string;
  is_hidden: Flag;
  hidden_reason: Nullable<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CommunityReportsTable {
  id: Generated<number>;
  post_id: number;
  user_id: string;
  reason: string;
  created_at: Timestamp;
}

/** A seller account and a project it sells (seller:assign). */
export interface ProductSellersTable {
  product_id: number;
  user_id: string;
  assigned_at: Timestamp;
}

export interface GovernanceTables {
  product_sellers: ProductSellersTable;
  governance_votings: GovernanceVotingsTable;
  governance_ballots: GovernanceBallotsTable;
  governance_voting_power: GovernanceVotingPowerTable;
  governance_notices: GovernanceNoticesTable;
  governance_notice_reads: GovernanceNoticeReadsTable;
  community_posts: CommunityPostsTable;
  community_reports: CommunityReportsTable;
}

export interface RevenueDistributionsTable {
  id: Generated<number>;
  product_id: number;
  amount: number;
  currency: string;
  record_at: Timestamp;
  pays_at: Timestamp;
  memo: Nullable<string>;
  created_by: string;
  created_at: Timestamp;
  /** The committing request's key: a retry or a double click finds the distribution it made. */
  idempotency_key: Nullable<string>;
  /** Project, record date and amount, unless marked as a new distribution: the same one twice is refused. */
  repeat_guard: Nullable<string>;
}

export interface RevenueSharesTable {
  id: Generated<number>;
  distribution_id: number;
  product_id: number;
  user_id: string;
  /** The holder's ledger balance at the record date. */
  balance: number;
  amount: number;
  pays_at: Timestamp;
  created_at: Timestamp;
}

export interface GiftClaimsTable {
  id: string;
  user_id: string;
  product_id: number;
  gift_id: number;
  holding: number;
  state: 'REQUESTED' | 'SHIPPED' | 'REVEALED';
  recipient_name: Nullable<string>;
  delivery_address: Nullable<string>;
  phone: Nullable<string>;
  shipped_at: Nullable<string>;
  tracking: Nullable<string>;
  claimed_at: Timestamp;
}

export interface PayoutBankAccountsTable {
  user_id: string;
  bank_name: string;
  holder_name: string;
  number_sealed: string;
  number_last4: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WalletAddressesTable {
  id: string;
  user_id: string;
  label: string;
  network: string;
  address: string;
  created_at: Timestamp;
}

export interface AccountTables {
  revenue_distributions: RevenueDistributionsTable;
  deposit_references: DepositReferencesTable;
  cash_accounts: CashAccountsTable;
  cash_entries: CashEntriesTable;
  withdrawals: WithdrawalsTable;
  revenue_shares: RevenueSharesTable;
  gift_claims: GiftClaimsTable;
  payout_bank_accounts: PayoutBankAccountsTable;
  wallet_addresses: WalletAddressesTable;
}

/** The identity and source of funds an investor buys under unless they choose otherwise. */
export interface PurchaseDefaultsTable {
  user_id: string;
  identity_id: string;
  source_of_funds: string | null;
  updated_at: Timestamp;
}

/** What changed for an investor, written with the change (server/modules/live). */
export interface LiveEventsTable {
  id: Generated<number>;
  user_id: string;
  type: string;
  product_id: number | null;
  ref: string | null;
  created_at: Timestamp;
}

/** An action that moves money or ownership, waiting for a second operator (server/modules/operator). */
export interface ApprovalsTable {
  id: string;
  kind: string;
  product_id: Nullable<number>;
  subject_user_id: Nullable<string>;
  /** JSON: what the action needs to run when approved. */
  payload: string;
  summary: string;
  state: 'PENDING' | 'APPROVED' | 'REJECTED' | 'EXPIRED';
  /** Null when proposed from the command line without --as. */
  proposed_by_user_id: Nullable<string>;
  proposed_by: string;
  proposed_at: Timestamp;
  expires_at: Timestamp;
  decided_by_user_id: Nullable<string>;
  decided_by: Nullable<string>;
  decided_at: Nullable<string>;
  reason: Nullable<string>;
  /** JSON: what the applied action answered. */
  result: Nullable<string>;
  idempotency_key: Nullable<string>;
}

export interface DepositReferencesTable {
  user_id: string;
  reference: string;
  created_at: Timestamp;
}

/** The balances of one investor in one currency; moved only with an entry (docs/decisions/1801). */
export interface CashAccountsTable {
  user_id: string;
  currency: string;
  available: number;
  held: number;
  updated_at: Timestamp;
}

export interface CashEntriesTable {
  id: Generated<number>;
  user_id: string;
  currency: string;
  kind: CashEntryKind;
  reason: CashEntryReason;
  actor_type: CashActor;
  actor: string;
  available_change: number;
  held_change: number;
  available_after: number;
  held_after: number;
  order_id: Nullable<string>;
  withdrawal_id: Nullable<string>;
  revenue_share_id: Nullable<number>;
  product_id: Nullable<number>;
  deposit_key: Nullable<string>;
  bank_reference: Nullable<string>;
  note: Nullable<string>;
  market_order_id: Nullable<number>;
  market_trade_id: Nullable<number>;
  created_at: Timestamp;
}

export interface WithdrawalsTable {
  id: string;
  user_id: string;
  currency: string;
  amount: number;
  state: WithdrawalState;
  destination_type: 'BANK' | 'WALLET';
  destination_label: string;
  wallet_address_id: Nullable<string>;
  approval_id: Nullable<string>;
  bank_reference: Nullable<string>;
  return_reason: Nullable<string>;
  created_at: Timestamp;
  settled_at: Nullable<string>;
  updated_at: Timestamp;
}

/** A bank's CSV column mapping, remembered by bank and found again by its header row. */
export interface StatementMappingsTable {
  /** The bank's name, trimmed and in lower case. */
  bank_key: string;
  bank: string;
  header_signature: string;
  /** JSON: the StatementMapping of src/domain/bank-statements.ts. */
  mapping: string;
  saved_by: string;
  saved_at: Timestamp;
}

/** One imported line of a bank statement; its fingerprint is unique (docs/decisions/1803). */
export interface StatementLinesTable {
  id: string;
  fingerprint: string;
  import_id: string;
  bank: string;
  booked_on: string;
  amount: number;
  currency: string;
  payer: string;
  message: string;
  reference: Nullable<string>;
  match: 'MATCHED' | 'DEPOSIT' | 'AMOUNT_DIFFERS' | 'UNKNOWN_REFERENCE' | 'ORDER_CLOSED';
  state: 'MATCHED' | 'UNMATCHED' | 'PROPOSED' | 'CONFIRMED' | 'RETURNED';
  order_id: Nullable<string>;
  /** A deposit line's investor (the owner of the deposit reference in its message). */
  user_id: Nullable<string>;
  approval_id: Nullable<string>;
  note: Nullable<string>;
  imported_by: string;
  imported_at: Timestamp;
  resolved_by: Nullable<string>;
  resolved_at: Nullable<string>;
}

/** One notification to an item's holders, written in batches by the fan-out job (decision 1814). */
export interface NotificationFanoutsTable {
  id: Generated<number>;
  type: string;
  product_id: number;
  voting_id: number;
  title: string;
  body: string;
  /** The notification's parameters (JSON), as notifications.params. */
  params: string;
  link: string;
  state: 'PENDING' | 'DONE';
  /** The last holder (user id) written; the next batch starts after it. */
  cursor: string | null;
  recipients: Defaulted<number>;
  claim_id: string | null;
  claimed_until: Timestamp | null;
  created_at: Timestamp;
  done_at: Timestamp | null;
}
