import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { recordNotifications } from '../notifications/service';

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
    title: 'Contract signed',
    body: `Your contract ${event.reference} for ${event.productName} is signed. The signed PDF is in your documents.`,
    link: '/account/documents',
  });
}
