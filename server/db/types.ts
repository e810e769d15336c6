import type { ColumnType, Generated } from 'kysely';

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
  investor_type: Defaulted<'INDIVIDUAL' | 'COMPANY'>;
  kyc_status: Defaulted<'NONE' | 'INPROGRESS' | 'GREEN' | 'RED'>;
  role: Defaulted<'USER' | 'ADMIN' | 'SELLER'>;
  is_banned: Flag;
  ban_reason: string | null;
  is_hide_badge: Flag;
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

export interface Database extends CatalogueTables {
  app_meta: AppMetaTable;
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
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
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
  pay_method_type: 'ACCOUNT' | 'CRYPTO';
}
export interface ProductCommunitySectionsTable extends ProductChild {
  type: 'DISCUSSION' | 'REVIEW' | 'UPDATE' | 'COMMUNITY' | 'PROPOSAL' | 'AGENDA';
  view_type: 'PRE_KYC' | 'POST_KYC' | 'INVESTOR';
}
export interface ProductCommunityBadgesTable extends ProductChild {
  name: string;
  limit_quantity: number;
}

export interface ProductHoldingsTable {
  product_id: number;
  user_id: string;
  quantity: number;
  first_invested_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductSubscriptionsTable {
  product_id: number;
  user_id: string;
  created_at: Timestamp;
}

export interface ProductWhitelistTable {
  product_id: number;
  user_id: string;
  status: 'REQUEST' | 'ALLOW';
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
  product_subscriptions: ProductSubscriptionsTable;
  product_whitelist: ProductWhitelistTable;
  post_authors: PostAuthorsTable;
  posts: PostsTable;
  contact_messages: ContactMessagesTable;
}

export type ReviewStatusColumn = 'init' | 'pending' | 'prechecked' | 'queued' | 'completed' | 'onHold';

export interface KycReviewsTable {
  id: string;
  user_id: string;
  provider: 'local' | 'sumsub';
  review_status: ReviewStatusColumn;
  review_answer: 'GREEN' | 'RED' | null;
  reject_type: 'RETRY' | 'FINAL' | null;
  message: string | null;
  legal_name: string | null;
  date_of_birth: string | null;
  country_of_residence: string | null;
  investor_type: Defaulted<'INDIVIDUAL' | 'COMPANY'>;
  entity_name: string | null;
  entity_number: string | null;
  document_type: string | null;
  is_default: Flag;
  provider_event_at: Timestamp | null;
  submitted_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvestorVerificationsTable {
  id: string;
  user_id: string;
  basis: 'INCOME' | 'NET_WORTH' | 'PROFESSIONAL' | 'ENTITY_ASSETS';
  details: string;
  is_self_certified: number;
  review_status: 'pending' | 'completed';
  review_answer: 'GREEN' | 'RED' | null;
  reject_type: 'RETRY' | 'FINAL' | null;
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
  used_as: 'FRONT' | 'BACK' | 'SELFIE' | 'EVIDENCE' | null;
  created_at: Timestamp;
}

export interface KycWebhookEventsTable {
  digest: string;
  type: string;
  user_id: string | null;
  event_at: Timestamp | null;
  received_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  type: string;
  product_id: number | null;
  title: string;
  body: string;
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
