import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Gift, GiftCheck, GiftClaim, GiftClaimRequest } from '../../../src/domain/portfolio';
import type { AppContext, RequestMeta } from '../../context';
import type { Database, GiftClaimsTable } from '../../db/types';
import { AppError } from '../../errors';
import type { Caller, CallerId } from '../auth/service';
import { isUniqueViolation } from '../../plugins/error-handler';
import { appendAuditEvent } from '../audit/repository';
import {
  findClaim,
  findClaimById,
  findGifts,
  findHoldingQuantity,
  findProductForDistribution,
  insertClaim,
  listClaims,
  markClaimShipped,
} from './repository';

// Holder gifts: what a holding reaches, the investor's claim, and the operator shipping it. The
// investor's routes admit only an approved identity (`requireAuth({ level: 'kyc' })`).

type Db = Kysely<Database>;

function toGift(row: {
  id: number;
  title: string;
  description: string;
  is_digital: number;
  limit_quantity: number;
}): Gift {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    isDigital: row.is_digital === 1,
    limitQuantity: Number(row.limit_quantity),
  };
}

function toClaim(
  row: Selectable<GiftClaimsTable>,
  gift: {
    id: number;
    title: string;
    description: string;
    is_digital: number;
    limit_quantity: number;
    reveal_text?: string | null;
  },
): GiftClaim {
  const isDigital = gift.is_digital === 1;
  return {
    id: row.id,
    productId: Number(row.product_id),
    gift: toGift(gift),
    state: row.state,
    reveal: isDigital ? (gift.reveal_text ?? gift.description) : null,
    recipientName: row.recipient_name,
    deliveryAddress: row.delivery_address,
    phone: row.phone,
    tracking: row.tracking,
    shippedAt: row.shipped_at,
    claimedAt: row.claimed_at,
  };
}

async function claimView(db: Db, userId: string, productId: number, gifts?: Awaited<ReturnType<typeof findGifts>>) {
  const claim = await findClaim(db, userId, productId);
  if (!claim) return null;
  const all = gifts ?? (await findGifts(db, productId));
  const gift = all.find((item) => Number(item.id) === Number(claim.gift_id));
  return gift ? toClaim(claim, gift) : null;
}

export async function checkGift(ctx: AppContext, caller: CallerId, productId: number): Promise<GiftCheck> {
  const userId = caller.user.id;
  const product = await findProductForDistribution(ctx.db, productId);
  if (!product) throw new AppError('NOT_FOUND', 'There is no such project.');
  const gifts = await findGifts(ctx.db, productId);
  const holding = await findHoldingQuantity(ctx.db, userId, productId);
  // Highest limit first: the first one the holding reaches is the one on offer.
  const available = gifts.find((gift) => holding > 0 && holding >= Number(gift.limit_quantity));
  const claim = await claimView(ctx.db, userId, productId, gifts);
  return {
    productId,
    productName: product.name,
    holding,
    availableGift: available ? toGift(available) : null,
    gifts: gifts.map(toGift),
    claim,
    canClaim: Boolean(available) && !claim,
  };
}

export async function getGiftClaim(ctx: AppContext, caller: CallerId, productId: number) {
  const userId = caller.user.id;
  return { claim: await claimView(ctx.db, userId, productId) };
}

/** One claim per investor and project: the unique constraint decides between racing requests. */
export async function claimGift(
  ctx: AppContext,
  caller: Caller,
  request: GiftClaimRequest,
  meta: RequestMeta,
): Promise<GiftClaim> {
  const userId = caller.user.id;
  const check = await checkGift(ctx, caller, request.productId);
  if (check.claim) throw new AppError('GIFT_ALREADY_CLAIMED', 'You already claimed the gift of this project.');
  const gift = check.availableGift;
  if (!gift || gift.id !== request.giftId) {
    throw new AppError(
      'GIFT_NOT_AVAILABLE',
      gift
        ? `The gift on offer for your holding is "${gift.title}".`
        : 'Your holding does not reach any gift of this project yet.',
    );
  }
  if (!gift.isDigital && !request.delivery) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A physical gift needs a recipient, a delivery address and a phone number.',
    );
  }
  const now = ctx.now().toISOString();
  const row: Insertable<GiftClaimsTable> = {
    id: randomUUID(),
    user_id: userId,
    product_id: request.productId,
    gift_id: gift.id,
    holding: check.holding,
    state: gift.isDigital ? 'REVEALED' : 'REQUESTED',
    recipient_name: gift.isDigital ? null : request.delivery!.recipientName,
    delivery_address: gift.isDigital ? null : request.delivery!.address,
    phone: gift.isDigital ? null : request.delivery!.phone,
    shipped_at: null,
    tracking: null,
    claimed_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertClaim(trx, row);
      await appendAuditEvent(
        trx,
        {
          actor: 'user',
          userId,
          type: 'GIFT_CLAIMED',
          detail: { productId: String(request.productId), gift: gift.title },
          meta,
        },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('GIFT_ALREADY_CLAIMED', 'You already claimed the gift of this project.');
    }
    throw error;
  }
  const claim = await claimView(ctx.db, userId, request.productId);
  if (!claim) throw new Error('The claim just written is missing');
  return claim;
}

/** Gift claims oldest first, of the given projects only when `productIds` names them. */
export async function listGiftClaims(
  ctx: AppContext,
  state?: GiftClaimsTable['state'],
  productIds: number[] | null = null,
) {
  return listClaims(ctx.db, state, productIds);
}

/** A claim's project and owner, for an operator about to act on it; null when there is none. */
export async function findGiftClaimForOperator(ctx: AppContext, id: string) {
  const claim = await findClaimById(ctx.db, id);
  return claim
    ? { id: claim.id, productId: Number(claim.product_id), userId: claim.user_id, state: claim.state }
    : null;
}

/**
 * Marks a requested physical gift shipped, once: a second call (or a digital gift) is refused
 * with CONFLICT. The audit entry names the operator and is written with the change.
 */
export async function shipGiftClaim(
  ctx: AppContext,
  id: string,
  tracking: string | null,
  meta: RequestMeta,
  operatorLabel?: string,
) {
  const claim = await findClaimById(ctx.db, id);
  if (!claim) throw new AppError('NOT_FOUND', `There is no gift claim ${id}.`);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    if (!(await markClaimShipped(trx, id, tracking, now))) {
      const current = (await findClaimById(trx, id))?.state ?? claim.state;
      throw new AppError(
        'CONFLICT',
        current === 'SHIPPED'
          ? `Gift claim ${id} is already shipped.`
          : `Gift claim ${id} is ${current.toLowerCase()}, not waiting to be shipped.`,
      );
    }
    const detail: Record<string, string> = { claimId: id, productId: String(claim.product_id) };
    if (tracking) detail.tracking = tracking;
    if (operatorLabel) detail.operator = operatorLabel;
    await appendAuditEvent(trx, { actor: 'operator', userId: claim.user_id, type: 'GIFT_SHIPPED', detail, meta }, now);
  });
}
