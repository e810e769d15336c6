import type { Kysely } from 'kysely';
import type { OrderState } from '../../../src/domain/order-state';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { orderNoticeText, type OrderNotice } from '../../i18n/mails';
import { recordNotifications } from '../notifications/service';
import { findUserById } from '../users/records-repository';
import { formatMoney } from './contract';
import { findOrderView } from './repository';

/** What a signed contract tells the rest of the system. */
export interface ContractSignedEvent {
  userId: string;
  orderId: string;
  reference: string;
  productId: number;
  productName: string;
  signFileId: string;
  signedAt: string;
}

/**
 * Called inside the signing transaction, after the signature is recorded: the investor's
 * CONTRACT_SIGNED notification (inbox row and push outbox) is written in the same transaction,
 * so a signature and its notification exist together or not at all.
 */
export async function onContractSigned(ctx: AppContext, trx: Kysely<Database>, event: ContractSignedEvent) {
  await recordNotifications(ctx, trx, {
    type: 'CONTRACT_SIGNED',
    productId: event.productId,
    userIds: [event.userId],
    params: { reference: event.reference, productName: event.productName },
    link: '/account/documents',
  });
}

/** The notice each settled state gives the investor; the other states tell nothing. */
const NOTICE_OF: Partial<Record<OrderState, OrderNotice>> = {
  CONFIRMED: 'PAYMENT_CONFIRMED',
  REJECTED: 'PAYMENT_REJECTED',
  EXPIRED: 'ORDER_EXPIRED',
  REFUNDED: 'ORDER_REFUNDED',
};

/**
 * Called inside the transaction that confirms or rejects a payment, expires or refunds an
 * order, after the transition: the investor's notification (inbox, push and mail, subject to
 * their preferences) is written in the same transaction, in the language of their account.
 */
export async function onOrderSettled(
  ctx: Pick<AppContext, 'now' | 'config'>,
  trx: Kysely<Database>,
  event: { orderId: string; state: OrderState; note: string | null },
) {
  const type = NOTICE_OF[event.state];
  if (!type) return;
  const order = await findOrderView(trx, event.orderId);
  if (!order) return;
  const user = await findUserById(trx, order.user_id);
  const link = `/account/orders/${order.id}`;
  const text = orderNoticeText(user?.language ?? 'en', type, {
    reference: order.reference,
    productName: order.product_name,
    quantity: Number(order.quantity),
    amount: formatMoney(Number(order.amount), order.currency),
    reason: event.note,
    link: `${ctx.config.publicUrl}${link}`,
  });
  const params: Record<string, string> = { productName: order.product_name, reference: order.reference };
  if (type === 'PAYMENT_CONFIRMED') {
    Object.assign(params, { amount: String(order.amount), currency: order.currency, quantity: String(order.quantity) });
  }
  if (type === 'ORDER_REFUNDED') params.quantity = String(order.quantity);
  if ((type === 'PAYMENT_REJECTED' || type === 'ORDER_REFUNDED') && event.note?.trim()) params.reason = event.note;
  await recordNotifications(ctx, trx, {
    type,
    productId: Number(order.product_id),
    userIds: [order.user_id],
    params,
    link,
    mail: text.mail,
  });
}
