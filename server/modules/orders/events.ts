import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';

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
 * Called inside the signing transaction, after the signature is recorded: the place where the
 * investor's CONTRACT_SIGNED notification is written (by the notifications module, in the same
 * transaction, so a signature and its notification exist together or not at all). It writes
 * nothing yet; the order's own event and audit record are written by the signing service.
 */
export async function onContractSigned(ctx: AppContext, trx: Kysely<Database>, event: ContractSignedEvent) {
  void ctx;
  void trx;
  void event;
}
