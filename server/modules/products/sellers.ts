import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { findUserByEmail, type UserRecord } from '../users/records-repository';
import {
  deleteProductSeller,
  findProductsOfSeller,
  insertProductSeller,
  listProductSellers,
  productExists,
} from './sellers-repository';

/**
 * A project's sellers (seller:assign, seller:unassign, seller:list): the SELLER accounts the
 * operator assigns to it. A seller account acts in governance, the market and the console only in
 * the projects it is assigned to.
 */

async function sellerAccount(ctx: AppContext, email: string): Promise<UserRecord> {
  const user = await findUserByEmail(ctx.db, email.trim().toLowerCase());
  if (!user) throw new AppError('NOT_FOUND', `No user with the email ${email}.`);
  return user;
}

/**
 * The operator ties a SELLER account to a project it sells, or unties it; recorded in the
 * seller's account activity with the operator as actor. Returns false when nothing changed.
 */
export async function setProductSeller(
  ctx: AppContext,
  input: { email: string; productId: number; assigned: boolean; operator: string },
  meta: RequestMeta,
): Promise<boolean> {
  const user = await sellerAccount(ctx, input.email);
  if (!(await productExists(ctx.db, input.productId))) {
    throw new AppError('NOT_FOUND', `No project ${input.productId}.`);
  }
  if (input.assigned && user.role !== 'SELLER') {
    throw new AppError('ROLE_REQUIRED', `${input.email} is not a seller; grant the role first (user:role … SELLER).`);
  }
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = input.assigned
      ? await insertProductSeller(trx, input.productId, user.id, at)
      : await deleteProductSeller(trx, input.productId, user.id);
    if (changed) {
      await appendAuditEvent(
        trx,
        {
          userId: user.id,
          actor: 'operator',
          type: input.assigned ? 'SELLER_ASSIGNED' : 'SELLER_UNASSIGNED',
          detail: { productId: String(input.productId), operator: input.operator },
          meta,
        },
        at,
      );
    }
    return changed;
  });
}

/** The projects a seller account sells (product_sellers), for the operator console's scope. */
export function productsSoldBy(ctx: AppContext, userId: string): Promise<number[]> {
  return findProductsOfSeller(ctx.db, userId);
}

export async function listSellers(ctx: AppContext, productId: number) {
  if (!(await productExists(ctx.db, productId))) throw new AppError('NOT_FOUND', `No project ${productId}.`);
  return listProductSellers(ctx.db, productId);
}
