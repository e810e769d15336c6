import { z } from 'zod';
import path from 'node:path';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/**
 * Every setting the server reads, parsed once at start. A missing or malformed value stops
 * the process with one line that names the variable (see loadConfig).
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, { error: 'must be a postgres:// URL or sqlite:<file>' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which requests get a log line: `problems` (default) logs only answers of 5xx and requests
   * slower than SLOW_REQUEST_MS, each with its request id; `all` adds two info lines for every
   * request (received and answered), as a debugging aid: under load that costs CPU and disk.
   */
  REQUEST_LOG: z.enum(['problems', 'all'], { error: 'must be problems or all' }).default('problems'),
  /** A request slower than this many milliseconds is logged as slow (REQUEST_LOG=problems). */
  SLOW_REQUEST_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1).default(1000),
  BODY_LIMIT_BYTES: z.coerce.number({ error: 'must be a number of bytes' }).int().min(1024).default(1_048_576),
  RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1000).default(60_000),
  REDIS_URL: z.url({ error: 'must be a redis:// URL' }).optional(),
  /** Prefix of every key this install writes in Redis, so several installs can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,40}$/, { error: 'must be 1 to 40 letters, digits or : _ . -' })
    .default('moa:'),
  /**
   * Milliseconds between SIGTERM and closing the listener: readiness (/api/health/ready) answers
   * 503 at once and requests are still served, so a load balancer's health checks take the
   * process out of rotation before it stops accepting connections. 0 closes at once.
   */
  DRAIN_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(120_000).default(0),
  /** Migrate the database at start (under a lock, so processes starting together migrate once). */
  MIGRATE_ON_START: booleanFromEnv.default(true),
  TRUST_PROXY: booleanFromEnv.default(false),
  SERVE_CLIENT: booleanFromEnv.default(true),
  CLIENT_DIST_DIR: z.string().min(1).default('./dist'),
  /**
   * Public pages are answered with their first paint rendered in (server/modules/site/page-renderer.ts)
   * by this module, which `vite build` writes; false serves the bare app shell for every page.
   */
  RENDER_PAGES: booleanFromEnv.default(true),
  // Signed-in pages painted too (docs/decisions/1840-signed-in-pages-painted-by-the-server.md,
  // on by default since 1842: what is done while the app takes a page over is carried out in order).
  RENDER_SIGNED_IN_PAGES: booleanFromEnv.default(true),
  PAGE_RENDERER_FILE: z.string().min(1).default('./build/prerender/prerender.js'),
  SEED_DEMO_DATA: booleanFromEnv.default(true),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO 4217 code such as USD' })
    .default('USD'),
  SMTP_URL: z.url({ error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Moa <no-reply@moa.localhost>'),
  OPERATOR_EMAIL: z.email({ error: 'must be an email address' }).default('operators@moa.localhost'),
  // The contact form's own limit per client address, far below the API default: a person
  // writes a few messages an hour, a spammer thousands.
  CONTACT_RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(5),
  /** Identity and evidence uploads one address may send per 15 minutes. */
  UPLOAD_RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(30),
  CONTACT_RATE_LIMIT_WINDOW_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1000)
    .default(60 * 60_000),
  // The public origin (https://moa.example) for canonical links, the sitemap, link previews and
  // absolute image URLs. Without it, http://HOST:PORT (localhost when HOST is a wildcard); the
  // Host header of a request is never used, so no request can plant another origin in a cache.
  PUBLIC_URL: z
    .url({ error: 'must be an absolute http(s) URL' })
    .regex(/^https?:\/\//, { error: 'must be an absolute http(s) URL' })
    .optional(),
  TOKEN_SIGNING_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** Root of the keys that seal data at rest (bank details, second-factor seeds); otherwise generated into the data folder. */
  DATA_ENCRYPTION_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /**
   * Files users and operators send go to this S3-compatible bucket instead of the data folder:
   * s3://KEY:SECRET@HOST[:PORT]/BUCKET?region=REGION&forcePathStyle=true&tls=false. Or the
   * separate S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.
   */
  S3_URL: z
    .url({ error: 'must be an s3://KEY:SECRET@HOST/BUCKET URL' })
    .regex(/^s3:\/\//, { error: 'must be an s3://KEY:SECRET@HOST/BUCKET URL' })
    .optional(),
  /** The service's address (http(s)://host:port); without it, AWS S3 of S3_REGION. */
  S3_ENDPOINT: z
    .url({ error: 'must be an http(s) URL' })
    .regex(/^https?:\/\//, { error: 'must be an http(s) URL' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, { error: 'must be a region such as us-east-1' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(3, { error: 'must be an access key id' }).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(3, { error: 'must be a secret access key' }).optional(),
  /** Addresses objects as HOST/BUCKET/KEY (MinIO and most self-hosted services) instead of BUCKET.HOST/KEY. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  /** Lifetime of a signed-in session (and of the access token once the second factor passed). */
  SESSION_TTL_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .default(12 * 60),
  /** Google sign-in appears only when this OAuth client id is set. */
  GOOGLE_CLIENT_ID: z.string().min(10, { error: 'must be a Google OAuth client id' }).optional(),
  /** Where Google publishes its ID-token signing keys; tests point it at their own key server. */
  GOOGLE_JWKS_URL: z.url({ error: 'must be an https:// URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Sign-in codes one IP address may ask for in 15 minutes (each address also gets at most 5). */
  SIGN_IN_CODES_PER_IP: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(20),
  /** Requests per IP in 15 minutes on each sign-in and second-factor route. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(30),
  /** The name authenticator apps show next to the six-digit code. */
  OTP_ISSUER: z.string().min(1).max(40).default('Moa'),
  /** Who checks identities: `local` (a form reviewed by an operator) or `sumsub` (its WebSDK and webhooks). */
  KYC_PROVIDER: z.enum(['local', 'sumsub'], { error: 'must be local or sumsub' }).default('local'),
  /** Largest identity or evidence file accepted, in bytes. */
  KYC_UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(64 * 1024)
    .max(50 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  SUMSUB_BASE_URL: z.url({ error: 'must be an http(s) URL' }).default('https://api.sumsub.com'),
  SUMSUB_APP_TOKEN: z.string().min(8, { error: 'must be a Sumsub app token' }).optional(),
  SUMSUB_SECRET_KEY: z.string().min(8, { error: 'must be a Sumsub secret key' }).optional(),
  SUMSUB_WEBHOOK_SECRET: z.string().min(8, { error: 'must be the webhook secret key' }).optional(),
  SUMSUB_LEVEL_NAME: z.string().min(1).max(100).default('basic-kyc-level'),
  SUMSUB_TOKEN_TTL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(60)
    .max(86_400)
    .default(1200),
  /** Bytes of uploads (identity documents, evidence, later features' files) one user may keep. */
  UPLOAD_QUOTA_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1024 * 1024)
    .max(10 * 1024 * 1024 * 1024)
    .default(64 * 1024 * 1024),
  /**
   * The development mailbox (/dev/mailbox) opens without a key only to loopback clients of a
   * server listening on loopback; elsewhere it needs this key (a random one is printed at start).
   */
  DEV_MAILBOX_KEY: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** The platform's bank account investors pay deposits into (shown with their deposit reference). */
  DEPOSIT_BANK_NAME: z.string().trim().max(120).optional(),
  DEPOSIT_ACCOUNT_NUMBER: z.string().trim().max(60).optional(),
  DEPOSIT_ACCOUNT_HOLDER: z.string().trim().max(200).optional(),
  /** The platform's crypto address for deposits (the deposit reference goes in the memo). */
  DEPOSIT_WALLET_ADDRESS: z.string().trim().max(200).optional(),
  DEPOSIT_WALLET_NETWORK: z.string().trim().max(60).optional(),
  DEPOSIT_WALLET_ASSET: z.string().trim().max(20).optional(),
  /** The most one investor may withdraw in 24 hours, in minor units of CURRENCY. */
  WITHDRAWAL_DAILY_LIMIT: z.coerce
    .number({ error: 'must be a whole number of minor units' })
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(10_000_000),
  /** Seconds between two sweeps that pay revenue shares into balances; 0 turns the in-process sweep off. */
  REVENUE_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int()
    .min(0)
    .max(86_400)
    .default(300),
  /** Hours an unpaid order keeps its tokens before it expires and they return to sale. */
  ORDER_RESERVATION_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Seconds between two expiry sweeps of one process; 0 turns the in-process sweep off. */
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int()
    .min(0)
    .max(86_400)
    .default(60),
  /**
   * Worker threads that render signed contracts (a PDF takes about half a second of CPU), so
   * the event loop keeps answering; 0 means one per core but one, and at least one.
   */
  CONTRACT_RENDER_THREADS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(64).default(0),
  /** Contracts that may wait for a render thread; past that, signing answers 503 with Retry-After. */
  CONTRACT_RENDER_QUEUE_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(10_000).default(16),
  /** Contracts one account may sign in an hour (each renders a PDF); past that, RATE_LIMITED. */
  ORDER_SIGNS_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  /** Orders one account may cancel in an hour; past that, RATE_LIMITED. */
  ORDER_CANCELS_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  /** The VAPID key pair for web push (both or neither); otherwise generated once into the data folder. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be a base64url P-256 public key' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, { error: 'must be a base64url P-256 private key' })
    .optional(),
  /** Who push services contact about our messages: a mailto: or https: URL (default: mailto:OPERATOR_EMAIL). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, { error: 'must be a mailto: or https:// URL' })
    .optional(),
  /** How often each API process sweeps the push, mail and fan-out outboxes, in milliseconds; 0 turns sweeping off. */
  PUSH_SWEEP_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(3_600_000)
    .default(2000),
  PUSH_OUTBOX_RETENTION_DAYS: z.coerce.number({ error: 'must be whole days' }).int().min(1).max(3650).default(30),
  /**
   * Tests and development only (refused in production): hosts of a push service of one's own, such
   * as 127.0.0.1, that endpoints may name although they are not public (http, any port).
   */
  PUSH_DEV_HOSTS: z
    .string()
    .max(500)
    .regex(/^[A-Za-z0-9.:[\], -]+$/, { error: 'must be host names or addresses separated by commas' })
    .optional(),
  /**
   * Tests only (refused unless NODE_ENV is test): how many time steps before the previous one an
   * authenticator code may still come from. End-to-end tests give every code a step of its own in
   * that range instead of waiting up to 30 s for the next step; each step is still accepted once.
   */
  TOTP_TEST_PAST_STEPS: z.coerce.number({ error: 'must be a whole number of steps' }).int().min(1).max(2880).optional(),
  /** Tokens of a project a holder needs to open a proposal in it. */
  GOVERNANCE_PROPOSAL_MIN_TOKENS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  /** Shortest and longest voting window of a proposal or agenda. */
  GOVERNANCE_VOTE_MIN_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int()
    .min(1)
    .max(60 * 24)
    .default(60),
  GOVERNANCE_VOTE_MAX_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int()
    .min(1)
    .max(365)
    .default(30),
  /** Seconds between two sweeps that close ended votes; 0 turns the in-process sweep off. */
  GOVERNANCE_CLOSE_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int()
    .min(0)
    .max(86_400)
    .default(30),
  /** Proposals one account may have open at once, in all projects together. */
  GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(3),
  /** Proposals one project may have open at once, from all its holders together. */
  GOVERNANCE_OPEN_PROPOSALS_PER_PROJECT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  /** Proposals one account may open in 24 hours, whether or not they are still open. */
  GOVERNANCE_PROPOSALS_PER_DAY: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(5),
  /** Posts, answers, reports, proposals and votes one client address may send in 10 minutes. */
  GOVERNANCE_WRITE_RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(30),
  /**
   * Four eyes on money: confirming a large payment, rejecting a declared payment, refunds,
   * revenue distributions and granting ADMIN take effect when a second admin approves.
   * `off` is for a deployment run by one person.
   */
  FOUR_EYES: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  /** Confirming a payment above this amount (minor units of CURRENCY) needs a second admin. */
  FOUR_EYES_PAYMENT_THRESHOLD: z.coerce
    .number({ error: 'must be a whole number of minor units' })
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .default(1_000_000),
  /** Hours a proposed four-eyes action waits for its second admin before it expires. */
  APPROVAL_TTL_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Seconds between two sweeps that expire unanswered approvals; 0 turns the in-process sweep off. */
  APPROVAL_EXPIRY_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int()
    .min(0)
    .max(86_400)
    .default(60),
});

export type RawConfig = z.infer<typeof configSchema>;

/** The bucket files go to (server/storage/files.ts), from S3_URL or the separate S3_ settings. */
export interface S3Settings {
  /** The service's origin; undefined for AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** Undefined: the SDK's own chain (AWS_ variables, an instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface AppConfig extends RawConfig {
  /** Absolute path of the data folder. */
  dataDir: string;
  /** Absolute path of the built client. */
  clientDistDir: string;
  /** The page renderer module, or null when pages are served bare. */
  pageRendererFile: string | null;
  isProduction: boolean;
  /** PUBLIC_URL without a trailing slash, or the origin the server listens on. */
  publicUrl: string;
  /** PUSH_DEV_HOSTS, lower-case, without brackets or a final dot; always empty in production. */
  pushDevHosts: ReadonlySet<string>;
  /** Where files go: a bucket, or null for the data folder. */
  s3: S3Settings | null;
}

/**
 * Variables whose value may be repeated in a configuration error. Every other variable (keys,
 * passwords, URLs that can carry credentials, and any variable added later) is never printed.
 */
const SHOWABLE = new Set([
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATA_DIR',
  'LOG_LEVEL',
  'REQUEST_LOG',
  'SLOW_REQUEST_MS',
  'BODY_LIMIT_BYTES',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_MS',
  'TRUST_PROXY',
  'SERVE_CLIENT',
  'CLIENT_DIST_DIR',
  'SEED_DEMO_DATA',
  'CURRENCY',
  'CONTACT_RATE_LIMIT_MAX',
  'UPLOAD_RATE_LIMIT_MAX',
  'CONTACT_RATE_LIMIT_WINDOW_MS',
  'SESSION_TTL_MINUTES',
  'SIGN_IN_CODES_PER_IP',
  'AUTH_RATE_LIMIT_MAX',
  'KYC_PROVIDER',
  'KYC_UPLOAD_MAX_BYTES',
  'SUMSUB_TOKEN_TTL_SECONDS',
  'UPLOAD_QUOTA_BYTES',
  'PUSH_DEV_HOSTS',
  'TOTP_TEST_PAST_STEPS',
  'CONTRACT_RENDER_THREADS',
  'CONTRACT_RENDER_QUEUE_MAX',
  'ORDER_SIGNS_PER_HOUR',
  'ORDER_CANCELS_PER_HOUR',
  'FOUR_EYES',
  'FOUR_EYES_PAYMENT_THRESHOLD',
  'APPROVAL_TTL_HOURS',
  'APPROVAL_EXPIRY_SWEEP_SECONDS',
  'DEPOSIT_BANK_NAME',
  'DEPOSIT_ACCOUNT_NUMBER',
  'DEPOSIT_ACCOUNT_HOLDER',
  'DEPOSIT_WALLET_ADDRESS',
  'DEPOSIT_WALLET_NETWORK',
  'DEPOSIT_WALLET_ASSET',
  'WITHDRAWAL_DAILY_LIMIT',
  'REVENUE_SWEEP_SECONDS',
  'S3_BUCKET',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'REDIS_KEY_PREFIX',
  'DRAIN_DELAY_MS',
  'MIGRATE_ON_START',
]);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Settings that parse but must not run together, checked by the server at start (not by
 * tools and tests that build the app): production mail must really go out, never to a file
 * that holds every sign-in code.
 */
export function assertStartable(config: AppConfig): void {
  if (config.isProduction && !config.SMTP_URL) {
    throw new ConfigError(
      'Invalid environment variable SMTP_URL: required when NODE_ENV is production, or sign-in codes could not be mailed (missing)',
    );
  }
  if (config.isProduction && config.s3) {
    // A bucket is for several machines; secrets generated into one machine's data folder would
    // leave the others unable to check its tokens or open what it sealed.
    for (const name of SECRET_VARIABLES) {
      if (!config[name])
        throw new ConfigError(
          `Invalid environment variable ${name}: required when NODE_ENV is production and files go to a bucket, so every machine shares it (missing)`,
        );
    }
  }
}

/** The secrets every process of one platform must share; each can come from the environment. */
export const SECRET_VARIABLES = [
  'TOKEN_SIGNING_KEY',
  'DATA_ENCRYPTION_KEY',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
] as const;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  // An empty variable means "not set", as in most shells' .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    const value = cleaned[name];
    const shown =
      value === undefined
        ? 'missing'
        : SHOWABLE.has(name) && value.length <= 120
          ? `got "${value}"`
          : 'the value is not shown';
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message} (${shown})`);
  }
  const raw = result.data;
  if (raw.KYC_PROVIDER === 'sumsub') {
    // Without all three, tokens could not be signed or webhooks could not be trusted.
    for (const name of ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'] as const) {
      if (!raw[name])
        throw new ConfigError(`Invalid environment variable ${name}: required when KYC_PROVIDER is sumsub (missing)`);
    }
  }
  if (Boolean(raw.VAPID_PUBLIC_KEY) !== Boolean(raw.VAPID_PRIVATE_KEY)) {
    const missing = raw.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(`Invalid environment variable ${missing}: the VAPID keys are set together (missing)`);
  }
  if (raw.PUSH_DEV_HOSTS && raw.NODE_ENV === 'production') {
    // Private push hosts exist for tests and development; in production they would let any
    // account make the server connect inside its own network.
    throw new ConfigError('Invalid environment variable PUSH_DEV_HOSTS: not allowed when NODE_ENV is production');
  }
  if (raw.TOTP_TEST_PAST_STEPS !== undefined && raw.NODE_ENV !== 'test') {
    // Older codes exist for tests that cannot wait for the clock; anywhere else they would give a
    // code read over someone's shoulder hours of life instead of a minute.
    throw new ConfigError('Invalid environment variable TOTP_TEST_PAST_STEPS: allowed only when NODE_ENV is test');
  }
  return {
    ...raw,
    s3: s3SettingsOf(raw),
    dataDir: path.resolve(raw.DATA_DIR),
    clientDistDir: path.resolve(raw.CLIENT_DIST_DIR),
    pageRendererFile: raw.RENDER_PAGES ? path.resolve(raw.PAGE_RENDERER_FILE) : null,
    isProduction: raw.NODE_ENV === 'production',
    publicUrl: (raw.PUBLIC_URL ?? defaultPublicUrl(raw.HOST, raw.PORT)).replace(/\/+$/, ''),
    pushDevHosts: new Set(
      (raw.PUSH_DEV_HOSTS ?? '')
        .split(',')
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/\.$/, '')
            .replace(/^\[(.*)\]$/, '$1'),
        )
        .filter(Boolean),
    ),
  };
}

const SEPARATE_S3 = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

function s3SettingsOf(raw: RawConfig): S3Settings | null {
  const separate = SEPARATE_S3.filter((name) => raw[name] !== undefined);
  if (raw.S3_URL) {
    if (separate.length > 0) {
      throw new ConfigError(
        `Invalid environment variable ${separate[0]}: S3_URL already names the bucket; set one or the other (the value is not shown)`,
      );
    }
    return s3SettingsFromUrl(raw.S3_URL);
  }
  if (separate.length === 0) return null;
  if (!raw.S3_BUCKET)
    throw new ConfigError('Invalid environment variable S3_BUCKET: required with the other S3_ settings (missing)');
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    const missing = raw.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid environment variable ${missing}: the S3 keys are set together (missing)`);
  }
  return {
    ...(raw.S3_ENDPOINT ? { endpoint: raw.S3_ENDPOINT.replace(/\/+$/, '') } : {}),
    bucket: raw.S3_BUCKET,
    region: raw.S3_REGION ?? 'us-east-1',
    // Self-hosted services (an endpoint of one's own) mostly answer only path-style requests.
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? Boolean(raw.S3_ENDPOINT),
    ...(raw.S3_ACCESS_KEY_ID ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY } : {}),
  };
}

function s3SettingsFromUrl(value: string): S3Settings {
  const fail = (why: string): never => {
    throw new ConfigError(`Invalid environment variable S3_URL: ${why} (the value is not shown)`);
  };
  const url = new URL(value);
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail('must name a bucket: s3://KEY:SECRET@HOST/BUCKET');
  if (!url.hostname) fail('must name the host: s3://KEY:SECRET@HOST/BUCKET');
  if (Boolean(url.username) !== Boolean(url.password))
    fail('must give both the access key id and the secret key, or neither');
  const known = new Set(['region', 'forcePathStyle', 'tls']);
  for (const name of url.searchParams.keys())
    if (!known.has(name)) fail(`unknown parameter "${name}" (region, forcePathStyle, tls)`);
  const flag = (name: string, fallback: boolean): boolean => {
    const given = url.searchParams.get(name);
    if (given === null) return fallback;
    if (given === 'true' || given === '1') return true;
    if (given === 'false' || given === '0') return false;
    return fail(`${name} must be true or false`);
  };
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) fail('region must be a region such as us-east-1');
  const tls = flag('tls', true);
  return {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    region,
    forcePathStyle: flag('forcePathStyle', true),
    ...(url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : {}),
  };
}
