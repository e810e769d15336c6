import type { SetDefaultKycRequest, SourceOfFunds } from '../../../src/domain/kyc';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findPurchaseDefault, savePurchaseDefault, type ReviewRow } from './repository';
import { assertKycApproved } from './service';

// The verified identities an investor may buy under (spec: /kyc/purchase/list, /kyc/setting/default).

function displayOf(row: ReviewRow): string {
  if (row.investor_type === 'COMPANY' && row.entity_name) return `${row.entity_name} (Entity)`;
  return `${row.legal_name ?? 'Verified identity'} (Individual)`;
}

/**
 * The verified identities the user may invest under (one today, the user's own) with the saved
 * default marked, and the source of funds saved with it. Before anything is saved, the only
 * identity is the default and no source of funds is preselected.
 */
export async function listPurchaseIdentities(ctx: AppContext, userId: string) {
  const row = await assertKycApproved(ctx.db, userId);
  const saved = await findPurchaseDefault(ctx.db, userId);
  const identities = [row];
  const defaultId = identities.some((identity) => identity.id === saved?.identity_id) ? saved!.identity_id : row.id;
  return {
    list: identities.map((identity) => ({
      id: identity.id,
      display: displayOf(identity),
      isDefault: identity.id === defaultId,
    })),
    defaultSourceOfFunds: (saved?.source_of_funds as SourceOfFunds | null | undefined) ?? null,
  };
}

/** Saves the identity (which must be one of the caller's) and the source of funds to preselect next time. */
export async function setDefaultIdentity(ctx: AppContext, userId: string, request: SetDefaultKycRequest) {
  const row = await assertKycApproved(ctx.db, userId);
  if (row.id !== request.id) throw new AppError('NOT_FOUND', 'That identity is not one of yours.');
  await savePurchaseDefault(ctx.db, {
    userId,
    identityId: request.id,
    sourceOfFunds: request.sourceOfFunds ?? null,
    at: ctx.now().toISOString(),
  });
  return listPurchaseIdentities(ctx, userId);
}
