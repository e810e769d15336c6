import type { VotingOutcome } from './governance';
import type { MarketSide } from './market';
import type { NotificationTextKey } from './notification-texts';
import type { NotificationType } from './notifications';

/**
 * A notification's parameters and how it is written from them (the words are the catalogue's:
 * notification-texts.ts). Types only from the other domain modules: the inbox page renders with
 * this file and no zod.
 */
const outcomes: Record<VotingOutcome, true> = { PASSED: true, REJECTED: true, NO_QUORUM: true };
const sides: Record<MarketSide, true> = { BUY: true, SELL: true };

/** A notification's parameters: plain strings, stored with it (amounts in minor units, instants in ISO). */
export type NotificationParams = Record<string, string>;

/**
 * The parameters each type needs. `amount` (minor units) goes with `currency`; `endsAt` is an
 * ISO instant; `outcome` one of the voting outcomes; `side` a market order's (BUY or SELL); `reason`, where a type takes one, is optional.
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
  MARKET_ORDER_FILLED: {
    required: ['productName', 'side', 'reference', 'quantity', 'amount', 'currency', 'filled', 'ordered'],
  },
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
  if ('side' in params && !Object.hasOwn(sides, params.side!))
    return `side is one of ${Object.keys(sides).join(', ')}.`;
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
  if (params.side !== undefined) values.side = text(`notifications.side.${params.side as MarketSide}`);
  if (params.outcome !== undefined) {
    values.outcome = text(`notifications.outcome.${params.outcome as VotingOutcome}`);
  }
  const body = fill(text(`notifications.text.${type}.body`), values);
  return {
    title: fill(text(`notifications.text.${type}.title`), values),
    body: params.reason?.trim() ? `${body} ${fill(text('notifications.text.reason'), values)}` : body,
  };
}
