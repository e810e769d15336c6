import type { SetDefaultKycRequest, SourceOfFunds } from '../../../src/domain/kyc';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Caller } from '../auth/service';
import { findPurchaseDefault, savePurchaseDefault } from './repository';
import { verifiedIdentityOf, type VerifiedIdentity } from './service';

// The verified identities an investor may buy under (spec: /kyc/purchase/list, /kyc/setting/default).
// Their routes admit only an approved identity (`requireAuth({ level: 'kyc' })`).

function displayOf(identity: VerifiedIdentity): string {
  if (identity.investorType === 'COMPANY' && identity.entityName) return `${identity.entityName} (Entity)`;
  return `${identity.legalName ?? 'Verified identity'} (Individual)`;
}

/**
 * The verified identities the user may invest under (one today, the user's own) with the saved
 * default marked, and the source of funds saved with it. Before anything is saved, the only
 * identity is the default and no source of funds is preselected.
 */
export async function listPurchaseIdentities(ctx: AppContext, caller: Caller) {
  const own = verifiedIdentityOf(caller);
  const saved = await findPurchaseDefault(ctx.db, caller.user.id);
  const identities = [own];
  const defaultId = identities.some((identity) => identity.id === saved?.identity_id) ? saved!.identity_id : own.id;
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
export async function setDefaultIdentity(ctx: AppContext, caller: Caller, request: SetDefaultKycRequest) {
  if (verifiedIdentityOf(caller).id !== request.id)
    throw new AppError('NOT_FOUND', 'That identity is not one of yours.');
  await savePurchaseDefault(ctx.db, {
    userId: caller.user.id,
    identityId: request.id,
    sourceOfFunds: request.sourceOfFunds ?? null,
    at: ctx.now().toISOString(),
  });
  return listPurchaseIdentities(ctx, caller);
}
