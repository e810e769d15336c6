/**
 * The limits of what a person or a client may send, named once: the schemas enforce them and
 * the validation messages (validation-messages.ts, .ko.ts) state them.
 */

/** Every code a user types, from a mail or an authenticator, is this many digits. */
export const CODE_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 320;
/** A profile or display name (src/domain/names.ts). */
export const NAME_MAX_LENGTH = 60;
export const LEGAL_NAME_MAX_LENGTH = 120;
export const ENTITY_NAME_MAX_LENGTH = 160;
export const ENTITY_NUMBER_MAX_LENGTH = 60;
export const EVIDENCE_FILES_MAX = 5;
export const EVIDENCE_DETAILS_MAX_LENGTH = 1000;

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

export const ORDER_QUANTITY_MAX = 1_000_000_000;
export const CANCEL_REASON_MAX_LENGTH = 300;
export const PAYER_NAME_MAX_LENGTH = 200;

export const RECIPIENT_NAME_MAX_LENGTH = 200;
export const DELIVERY_ADDRESS_MAX_LENGTH = 500;
export const BANK_NAME_MAX_LENGTH = 120;
export const ACCOUNT_HOLDER_MAX_LENGTH = 200;
export const WALLET_LABEL_MAX_LENGTH = 60;
export const WALLET_ADDRESS_MAX_LENGTH = 120;

export const POST_ADDRESS_MAX_LENGTH = 120;
export const POSTS_MAX_LIMIT = 50;
export const POSTS_DEFAULT_LIMIT = 9;
export const PRODUCT_PAGE_MAX = 100;
export const NOTIFICATIONS_MAX_LIMIT = 50;
/** An inbox page when the client names no size. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
/** The most account activity entries one request lists. */
export const ACTIVITY_MAX_LIMIT = 200;
/** The highest version number a project document may have. */
export const DOCUMENT_VERSION_MAX = 100_000;
/** The years a yearly statement may be asked for (the service also refuses years after the current one). */
export const STATEMENT_FIRST_YEAR = 2000;
export const STATEMENT_LAST_YEAR = 9999;
export const NOTIFICATION_LINK_MAX_LENGTH = 300;
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

export const GOVERNANCE_TITLE_MAX_LENGTH = 200;
export const GOVERNANCE_BODY_MAX_LENGTH = 10_000;
export const ANSWER_MAX_LENGTH = 5_000;
export const REPORT_REASON_MAX_LENGTH = 500;
export const OPTION_MAX_LENGTH = 120;
export const MAX_OPTIONS = 10;
export const MIN_OPTIONS = 2;

/** The largest value the database's integer columns hold (ids, counts, quantities). */
export const DB_INTEGER_MAX = 2_147_483_647;

/** How a whole number is written in an address (path or query): decimal digits only, no sign, space, exponent, point or 0x. */
export const DECIMAL_DIGITS = /^[0-9]+$/;

/** A blog post's title, as the console lets an operator write it (the column holds 200). */
export const POST_TITLE_MAX_LENGTH = 200;
/** A blog post's description: the line under its title and, cut, its search-engine snippet. */
export const POST_DESCRIPTION_MAX_LENGTH = 300;
/** A blog post's Markdown, in characters. */
export const POST_MARKDOWN_MAX_LENGTH = 100_000;
/** Projects an operator writes: the lengths their columns hold (migration 2026-11-22-0300-catalogue). */
export const PROJECT_NAME_MAX_LENGTH = 120;
export const TOKEN_NAME_MAX_LENGTH = 20;
export const PROJECT_LIST_MAX = 50;
