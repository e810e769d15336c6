/**
 * The error catalogue: every failed API response carries one of these codes in
 * `{ errors: [{ code, message }] }`. The status each code answers with lives here too,
 * so the server's error handler and the docs read the same table.
 *
 * UNAUTHORIZED and FORBIDDEN mean "this session is not valid": the client signs the user
 * out on them. Anything a signed-in user may fix (second factor, identity review, ban)
 * gets a specific code instead, so it never throws the user out.
 */
export const errorCatalogue = {
  UNAUTHORIZED: { status: 401, when: 'No valid session: the token is missing, expired, revoked or malformed.' },
  FORBIDDEN: { status: 403, when: 'The session may not be used at all any more; the client signs out.' },
  ROLE_REQUIRED: {
    status: 403,
    when: 'The action needs a role (SELLER or ADMIN) the account does not hold; the session stays valid.',
  },
  OTP_REQUIRED: { status: 403, when: 'The second factor has not been set up or passed for this session.' },
  KYC_REQUIRED: { status: 403, when: 'The identity review is not completed with an answer other than RED.' },
  SIGN_IN_FAILED: {
    status: 401,
    when: 'An email code or Google credential is wrong, expired, already used or from another sign-in attempt.',
  },
  OTP_INVALID: {
    status: 401,
    when: 'A second-factor code or recovery code is wrong, outside the current or previous 30 s step, or already used.',
  },
  WHITELIST_REQUIRED: {
    status: 403,
    when: 'The project is restricted to its allowed list and the user is not on it; request access first.',
  },
  SIGNATURE_INVALID: {
    status: 401,
    when: 'A provider webhook arrived without a signature, or its signature does not match the body.',
  },
  BANNED: { status: 403, when: 'The account is banned; reading is allowed, every action is refused.' },
  NOT_FOUND: { status: 404, when: 'The route or record does not exist, or is not visible to this user.' },
  METHOD_NOT_ALLOWED: { status: 405, when: 'The route exists but not for this HTTP method.' },
  CONFLICT: { status: 409, when: 'The request clashes with the current state (duplicate, already done).' },
  VALIDATION_FAILED: { status: 400, when: 'Params, query or body do not match the schema.' },
  MALFORMED_JSON: { status: 400, when: 'The body is not valid JSON.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, when: 'The body is sent with a content type the route does not accept.' },
  PAYLOAD_TOO_LARGE: { status: 413, when: 'The body is larger than the configured limit.' },
  HEADERS_TOO_LARGE: { status: 431, when: 'The request headers are larger than the server accepts.' },
  REQUEST_TIMEOUT: { status: 408, when: 'The request did not arrive in full within the time allowed.' },
  STORAGE_QUOTA_EXCEEDED: {
    status: 413,
    when: 'An upload would take the user past their storage allowance; files already sent count.',
  },
  SOLD_OUT: { status: 409, when: 'Not enough tokens remain for the request.' },
  SALE_NOT_OPEN: {
    status: 409,
    when: 'The project is not on sale now (before its start, after its end, or hidden).',
  },
  BELOW_MIN_INVESTMENT: {
    status: 422,
    when: 'The order would leave the investor below the project’s minimum (holdings and open orders count).',
  },
  ABOVE_MAX_INVESTMENT: {
    status: 422,
    when: 'The order would take the investor above the project’s maximum (holdings and open orders count).',
  },
  INVESTOR_VERIFICATION_REQUIRED: {
    status: 403,
    when: 'The project is Reg D and the investor verification is not approved.',
  },
  PAY_METHOD_INVALID: {
    status: 422,
    when: 'The pay method does not belong to the project.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    when: 'The Idempotency-Key was already used for a different request.',
  },
  ORDER_STATE_CONFLICT: {
    status: 409,
    when: 'The order is not in a state that allows this action (for example already paid, expired or cancelled).',
  },
  LEGAL_NAME_MISMATCH: {
    status: 422,
    when: 'The typed name does not match the legal name of the approved identity.',
  },
  CONTRACT_CHANGED: {
    status: 409,
    when: 'The contract changed since it was read (its hash differs); read it again before signing.',
  },
  SECTION_LOCKED: {
    status: 403,
    when: 'The governance section is for identity-approved users or the project’s holders only; the session stays valid.',
  },
  NOT_POST_AUTHOR: {
    status: 403,
    when: 'Only the author may edit or delete the post.',
  },
  PROPOSAL_THRESHOLD_NOT_MET: {
    status: 403,
    when: 'Opening a proposal takes at least the configured number of the project’s tokens.',
  },
  PROPOSAL_LIMIT_REACHED: {
    status: 409,
    when: 'The account or the project already has the most open proposals allowed; open one when another closes.',
  },
  PROPOSAL_DAILY_LIMIT: {
    status: 429,
    when: 'The account opened the most proposals allowed in 24 hours; wait for the Retry-After header.',
  },
  NO_VOTING_POWER: {
    status: 403,
    when: 'The user held no tokens of the project when the proposal or agenda was opened.',
  },
  ALREADY_VOTED: {
    status: 409,
    when: 'The user has already cast their ballot on this proposal or agenda; a ballot is final.',
  },
  VOTING_CLOSED: {
    status: 409,
    when: 'The proposal or agenda is no longer open for votes (ended, closed or cancelled).',
  },
  GIFT_NOT_AVAILABLE: {
    status: 422,
    when: 'The holding does not reach the gift’s limitQuantity, or a higher gift is the one on offer.',
  },
  GIFT_ALREADY_CLAIMED: { status: 409, when: 'The investor already claimed the gift of this project.' },
  WALLET_ADDRESS_INVALID: {
    status: 422,
    when: 'The address is not valid for its network (format or checksum).',
  },
  PUSH_ENDPOINT_REFUSED: {
    status: 422,
    when: 'The push endpoint is not https on port 443 of a public host name (no IP address, no internal name).',
  },
  DISTRIBUTION_REPEATED: {
    status: 409,
    when: 'A distribution of the same project, record date and amount exists; mark the new one as a new distribution.',
  },
  APPROVAL_SELF: {
    status: 403,
    when: 'The operator who proposed a four-eyes action may not approve it; another admin must.',
  },
  APPROVAL_EXPIRED: { status: 409, when: 'The proposed action waited past its expiry; propose it again.' },
  APPROVAL_CLOSED: { status: 409, when: 'The proposed action was already approved, rejected or expired.' },
  INSUFFICIENT_BALANCE: {
    status: 409,
    when: 'The available cash balance does not cover the purchase or withdrawal (held amounts do not count).',
  },
  WITHDRAWAL_LIMIT_REACHED: {
    status: 422,
    when: 'The withdrawal would take the withdrawals of the last 24 hours past the daily limit.',
  },
  WITHDRAWAL_DESTINATION_MISSING: {
    status: 422,
    when: 'The withdrawal names no saved bank details, or an address-book wallet the investor does not have.',
  },
  WITHDRAWAL_STATE_CONFLICT: {
    status: 409,
    when: 'The withdrawal was already paid, returned or cancelled (or waits for a second admin).',
  },
  DEPOSIT_REFERENCE_UNKNOWN: { status: 404, when: 'No investor has this deposit reference.' },
  BANK_REFERENCE_REUSED: {
    status: 409,
    when: 'The bank reference was already credited for a different investor or amount.',
  },
  STATEMENT_FILE_INVALID: {
    status: 400,
    when: 'A bank statement file is empty, too large, not UTF-8 or EUC-KR CSV, or has a bad date, currency or amount (the message names the line).',
  },
  STATEMENT_MAPPING_REQUIRED: {
    status: 400,
    when: 'No saved column mapping fits the bank statement file; map its columns first.',
  },
  MARKET_CLOSED: {
    status: 409,
    when: 'Trading in the project is halted or not open; the message gives the reason.',
  },
  PRICE_NOT_ON_TICK: {
    status: 422,
    when: 'The order price is not a whole multiple of the project’s tick size (the message names it).',
  },
  PRICE_OUTSIDE_BAND: {
    status: 422,
    when: 'The order price is outside today’s price band (the message gives the lowest and highest price).',
  },
  INSUFFICIENT_TOKENS: {
    status: 409,
    when: 'The holding does not cover the sell order: tokens held by other sell orders or still locked do not count.',
  },
  TOKENS_LOCKED: {
    status: 409,
    when: 'The tokens are Reg D lots bought less than 12 months ago; the message says when the next lot unlocks.',
  },
  MARKET_ORDER_CLOSED: {
    status: 409,
    when: 'The market order was already filled or cancelled.',
  },
  RATE_LIMITED: { status: 429, when: 'Too many requests; wait for the Retry-After header.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    when: 'A dependency (the database) is not answering, or the queue of contracts to render is full; see Retry-After.',
  },
  INTERNAL_ERROR: { status: 500, when: 'An unexpected fault; details are logged, never sent.' },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** Codes after which the client clears the session and goes to sign-in. */
export const sessionEndingCodes: readonly ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN'];

/** A message some upstream services send when the session store lost the session. */
export const SESSION_LOST_MESSAGE = 'Server Error: redis: nil';

/** One entry of the error envelope `{ errors: [{ code, message }] }` every failure is answered with. */
export interface ErrorDetail {
  code: string;
  message: string;
}

/**
 * The entries of an error envelope, read without the schema library (the API client reads them
 * on any page, before the app has loaded any schema); null when the body is not an envelope.
 * It accepts exactly what `errorEnvelopeSchema` (schemas.ts) accepts.
 */
export function readErrorEnvelope(body: unknown): ErrorDetail[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const { errors } = body as { errors?: unknown };
  if (!Array.isArray(errors)) return null;
  const details: ErrorDetail[] = [];
  for (const entry of errors as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { code, message } = entry as { code?: unknown; message?: unknown };
    if (typeof code !== 'string' || typeof message !== 'string') return null;
    details.push({ code, message });
  }
  return details;
}
