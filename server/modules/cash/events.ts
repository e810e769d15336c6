import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { cashNoticeText, type CashNotice } from '../../i18n/mails';
import { recordNotifications } from '../notifications/service';
import { formatMoney } from '../orders/contract';
import { findUserById } from '../users/records-repository';

/** The balance page: where every cash notice leads. */
export const BALANCE_LINK = '/account/balance';

/**
 * Called inside the transaction that credits a deposit or pays or returns a withdrawal: the
 * investor's notice (inbox, push and mail, subject to their preference for the type) is written
 * in the same transaction, in the language of their account.
 */
export async function onCashMovement(
  ctx: Pick<AppContext, 'now' | 'config'>,
  trx: Kysely<Database>,
  event: { kind: CashNotice; userId: string; amount: number; currency: string; reason?: string | null },
): Promise<void> {
  const user = await findUserById(trx, event.userId);
  const text = cashNoticeText(user?.language ?? 'en', event.kind, {
    amount: formatMoney(event.amount, event.currency),
    reason: event.reason ?? null,
    link: `${ctx.config.publicUrl}${BALANCE_LINK}`,
  });
  await recordNotifications(ctx, trx, {
    type: event.kind,
    productId: null,
    userIds: [event.userId],
    params: {
      amount: String(event.amount),
      currency: event.currency,
      ...(event.kind === 'WITHDRAWAL_RETURNED' && event.reason?.trim() ? { reason: event.reason } : {}),
    },
    link: BALANCE_LINK,
    mail: text.mail,
  });
}
