import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { ReviewRow } from './repository';
import { assertKycApproved } from './service';

// The verified identities an investor may buy under (spec: /kyc/purchase/list, /kyc/setting/default).

function displayOf(row: ReviewRow): string {
  if (row.investor_type === 'COMPANY' && row.entity_name) return `${row.entity_name} (Entity)`;
  return `${row.legal_name ?? 'Verified identity'} (Individual)`;
}

/** The verified identities the user may invest under; one today, the user's own. */
export async function listPurchaseIdentities(ctx: AppContext, userId: string) {
  const row = await assertKycApproved(ctx.db, userId);
  return { list: [{ id: row.id, display: displayOf(row), isDefault: true }] };
}

/**
 * With one identity per user it is always the default, so choosing it changes nothing to store;
 * the call checks the choice is the caller's and answers the list, as the client expects.
 */
export async function setDefaultIdentity(ctx: AppContext, userId: string, id: string) {
  const row = await assertKycApproved(ctx.db, userId);
  if (row.id !== id) throw new AppError('NOT_FOUND', 'That identity is not one of yours.');
  return listPurchaseIdentities(ctx, userId);
}
