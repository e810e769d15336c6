import type { MyBadgeResponse, MyProductsResponse } from '../../../src/domain/portfolio';
import type { CallerId } from '../auth/service';
import type { AppContext } from '../../context';
import { findUserById } from '../users/records-repository';
import { findHeldProductsWithDocuments, findReachedBadges } from './repository';

// The module's entry for other modules: holdings and badges live here; each other concern has its
// own file (documents, revenue, distributions, gifts, bank details, address book), and what other
// modules use of them is named below (the module boundary admits only this file). The command
// line, the seed and the tests import those files themselves.

export { getBankDetails, revealBankAccountNumber } from './bank-details';
export { listMyWallets } from './address-book';
export { findGiftClaimForOperator, listGiftClaims, shipGiftClaim } from './gifts';
export {
  assertNotRepeated,
  commitDistribution,
  distributionOfKey,
  isDistributionRace,
  planDistribution,
  previewDistribution,
  type CommittedDistribution,
  type DistributionPlan,
} from './distributions';

export async function listMyProducts(ctx: AppContext, caller: CallerId): Promise<MyProductsResponse> {
  const userId = caller.user.id;
  // The held projects and their documents' ids in one statement.
  const held = await findHeldProductsWithDocuments(ctx.db, userId);
  return {
    myProductPayloads: held.map((row) => ({
      id: Number(row.id),
      name: row.name,
      logo: row.logo,
      documentIds: row.documentIds,
    })),
  };
}

export async function getMyBadge(ctx: AppContext, caller: CallerId): Promise<MyBadgeResponse> {
  const userId = caller.user.id;
  const user = await findUserById(ctx.db, userId);
  const [best] = await findReachedBadges(ctx.db, userId);
  return {
    isHideBadge: user?.isHideBadge ?? false,
    badge: best
      ? { id: Number(best.id), name: best.name, productId: Number(best.product_id), productName: best.product_name }
      : null,
  };
}
