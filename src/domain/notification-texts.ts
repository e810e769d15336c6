import type { VotingOutcome } from './governance';
import type { NotificationType } from './notifications';

// Types only from the schema modules: the inbox page renders with this file and no zod.
const outcomes: Record<VotingOutcome, true> = { PASSED: true, REJECTED: true, NO_QUORUM: true };

/**
 * What each notification says, as catalogue messages with placeholders: a notification is
 * stored as its type and parameters, and written in the reader's language where it is read
 * (the inbox, by the client's catalogue; a push message, by the server in the account's
 * language). English is the reference; notification-texts.ko.ts holds the same keys in Korean.
 * Both are also the `notifications` area of the client's catalogue.
 */
export const notificationTexts = {
  'notifications.text.PROPOSAL_CREATED.title': 'New proposal in {productName}',
  'notifications.text.PROPOSAL_CREATED.body': '“{title}” is open for your vote until {endsAt}.',
  'notifications.text.VOTE_FINISH.title': 'Vote closed in {productName}',
  'notifications.text.VOTE_FINISH.body': '“{title}” in {productName} {outcome}. See the result.',
  'notifications.text.AGENDA_CLOSED.title': 'Agenda closed in {productName}',
  'notifications.text.AGENDA_CLOSED.body': '“{title}” in {productName} {outcome}. See the result.',
  'notifications.text.CONTRACT_SIGNED.title': 'Contract signed',
  'notifications.text.CONTRACT_SIGNED.body':
    'Your contract {reference} for {productName} is signed. The signed PDF is in your documents.',
  // A promotion's words are the operator's own, shown as written.
  'notifications.text.PROMOTE.title': '{title}',
  'notifications.text.PROMOTE.body': '{body}',
  'notifications.text.PAYMENT_CONFIRMED.title': 'Payment confirmed',
  'notifications.text.PAYMENT_CONFIRMED.body':
    'Your payment of {amount} for {productName} (order {reference}) is confirmed: {quantity} tokens are now yours.',
  'notifications.text.PAYMENT_REJECTED.title': 'Payment not confirmed',
  'notifications.text.PAYMENT_REJECTED.body':
    'We could not match your payment for {productName} (order {reference}), so the order is cancelled.',
  'notifications.text.ORDER_EXPIRED.title': 'Order expired',
  'notifications.text.ORDER_EXPIRED.body':
    'Your order {reference} for {productName} passed its payment deadline and has expired.',
  'notifications.text.ORDER_REFUNDED.title': 'Order refunded',
  'notifications.text.ORDER_REFUNDED.body':
    'Your order {reference} for {productName} is refunded: {quantity} tokens left your holdings.',
  'notifications.text.DEPOSIT_CREDITED.title': 'Deposit credited',
  'notifications.text.DEPOSIT_CREDITED.body': '{amount} arrived in your balance and is ready to invest.',
  'notifications.text.WITHDRAWAL_PAID.title': 'Withdrawal paid',
  'notifications.text.WITHDRAWAL_PAID.body': 'Your withdrawal of {amount} has been paid out.',
  'notifications.text.WITHDRAWAL_RETURNED.title': 'Withdrawal returned',
  'notifications.text.WITHDRAWAL_RETURNED.body':
    'We could not pay your withdrawal of {amount}; it is back in your balance.',
  /** Added after the body when the operator gave a reason. */
  'notifications.text.reason': 'Reason: {reason}',
  'notifications.outcome.PASSED': 'passed',
  'notifications.outcome.REJECTED': 'did not pass',
  'notifications.outcome.NO_QUORUM': 'closed without reaching its quorum',
};

export type NotificationTextKey = keyof typeof notificationTexts;

/** A notification's parameters: plain strings, stored with it (amounts in minor units, instants in ISO). */
export type NotificationParams = Record<string, string>;

/**
 * The parameters each type needs. `amount` (minor units) goes with `currency`; `endsAt` is an
 * ISO instant; `outcome` one of the voting outcomes; `reason`, where a type takes one, is optional.
 */
export const notificationParamNames: Record<
  NotificationType,
  { required: readonly string[]; optional?: readonly string[] }
> = {
  PROPOSAL_CREATED: { required: ['productName', 'title', 'endsAt'] },
  VOTE_FINISH: { required: ['productName', 'title', 'outcome'] },
  AGENDA_CLOSED: { required: ['productName', 'title', 'outcome'] },
  CONTRACT_SIGNED: { required: ['productName', 'reference'] },
  PROMOTE: { required: ['title', 'body'] },
  PAYMENT_CONFIRMED: { required: ['productName', 'reference', 'amount', 'currency', 'quantity'] },
  PAYMENT_REJECTED: { required: ['productName', 'reference'], optional: ['reason'] },
  ORDER_EXPIRED: { required: ['productName', 'reference'] },
  ORDER_REFUNDED: { required: ['productName', 'reference', 'quantity'], optional: ['reason'] },
  DEPOSIT_CREDITED: { required: ['amount', 'currency'] },
  WITHDRAWAL_PAID: { required: ['amount', 'currency'] },
  WITHDRAWAL_RETURNED: { required: ['amount', 'currency'], optional: ['reason'] },
};

/** What is missing or wrong in a type's parameters, or null when they are complete. */
export function notificationParamsProblem(type: NotificationType, params: NotificationParams): string | null {
  const names = notificationParamNames[type];
  const missing = names.required.filter((name) => !params[name]?.trim());
  if (missing.length > 0) return `${type} needs ${missing.join(', ')}.`;
  const known = new Set([...names.required, ...(names.optional ?? [])]);
  const unknown = Object.keys(params).filter((name) => !known.has(name));
  if (unknown.length > 0) return `${type} takes no ${unknown.join(', ')}.`;
  if ('amount' in params && !/^-?\d+$/.test(params.amount!)) return 'amount is whole minor units.';
  if ('endsAt' in params && Number.isNaN(Date.parse(params.endsAt!))) return 'endsAt is an ISO instant.';
  if ('outcome' in params && !Object.hasOwn(outcomes, params.outcome!)) {
    return `outcome is one of ${Object.keys(outcomes).join(', ')}.`;
  }
  return null;
}

/** How the reader's language writes an amount and an instant. */
export interface NotificationFormats {
  money: (minor: number, currency: string) => string;
  dateTime: (iso: string) => string;
}

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * A notification written in one language: `text` looks a key up in that language's catalogue.
 * A notification stored before types carried parameters (params null), or whose parameters no
 * longer fit its type, keeps the title and body it was stored with.
 */
export function renderNotification(
  notification: { type: NotificationType; params: NotificationParams | null; title: string; body: string },
  text: (key: NotificationTextKey) => string,
  formats: NotificationFormats,
): { title: string; body: string } {
  const { type, params } = notification;
  if (!params || notificationParamsProblem(type, params) !== null) {
    return { title: notification.title, body: notification.body };
  }
  const values: Record<string, string> = { ...params };
  if (params.amount !== undefined && params.currency !== undefined) {
    values.amount = formats.money(Number(params.amount), params.currency);
  }
  if (params.endsAt !== undefined) values.endsAt = formats.dateTime(params.endsAt);
  if (params.outcome !== undefined) {
    values.outcome = text(`notifications.outcome.${params.outcome as VotingOutcome}`);
  }
  const body = fill(text(`notifications.text.${type}.body`), values);
  return {
    title: fill(text(`notifications.text.${type}.title`), values),
    body: params.reason?.trim() ? `${body} ${fill(text('notifications.text.reason'), values)}` : body,
  };
}
