import {
  PEOPLE_PAGE_SIZE,
  type GiftClaimState,
  type GiftShipOutcome,
  type OperatorGiftClaim,
  type PeopleList,
  type PeopleQuery,
  type PersonDetail,
} from '../../../src/domain/operator-people';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findGiftClaimForOperator, listGiftClaims, shipGiftClaim } from '../account/service';
import { searchAuditEvents } from '../audit/repository';
import { readSubmissions } from '../kyc/service';
import { auditEventOf } from './console';
import {
  findPerson,
  findPersonHoldings,
  findPersonOrders,
  findPersonSessions,
  searchPeople,
} from './people-repository';
import { assertAdmin, assertMayActOn, scopeOf, type Operator } from './service';

/**
 * The console's people and gifts. Finding people and reading one is an admin's; shipping a
 * gift is also a seller's, in its own projects. The command line ships through shipGift too.
 */

const ORDERS_LIMIT = 50;
const SESSIONS_LIMIT = 20;
const HISTORY_LIMIT = 100;

function cursorOf(person: { createdAt: string; userId: string }): string {
  return `${person.createdAt}|${person.userId}`;
}

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [createdAt, id] = cursor.split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) {
    throw new AppError('VALIDATION_FAILED', 'The page cursor is not one this list gave.');
  }
  return { createdAt, id };
}

/** People whose email or name holds the text, newest accounts first, a page at a time. */
export async function findPeople(ctx: AppContext, operator: Operator, query: PeopleQuery): Promise<PeopleList> {
  assertAdmin(operator, 'look people up');
  const rows = await searchPeople(ctx.db, {
    text: query.q,
    after: parseCursor(query.cursor),
    limit: PEOPLE_PAGE_SIZE + 1,
  });
  const people = rows.slice(0, PEOPLE_PAGE_SIZE).map((row) => ({
    userId: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    kycStatus: row.kyc_status,
    isBanned: row.is_banned === 1,
    createdAt: row.created_at,
  }));
  const last = people.at(-1);
  return { people, nextCursor: rows.length > PEOPLE_PAGE_SIZE && last ? cursorOf(last) : null };
}

/** One person: identity state, holdings, orders, sessions and the audit events about them. */
export async function readPerson(ctx: AppContext, operator: Operator, userId: string): Promise<PersonDetail> {
  assertAdmin(operator, 'read a person’s account');
  const user = await findPerson(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  const now = ctx.now().toISOString();
  const [submissions, holdings, orders, sessions, history] = await Promise.all([
    readSubmissions(ctx, userId),
    findPersonHoldings(ctx.db, userId),
    findPersonOrders(ctx.db, userId, ORDERS_LIMIT),
    findPersonSessions(ctx.db, userId, SESSIONS_LIMIT),
    searchAuditEvents(ctx.db, { subject: userId, limit: HISTORY_LIMIT }),
  ]);
  const { identity, investor } = submissions;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    kycStatus: user.kyc_status,
    isBanned: user.is_banned === 1,
    createdAt: user.created_at,
    legalName: user.legal_name,
    countryOfResidence: user.country_of_residence,
    banReason: user.ban_reason,
    identity: identity && {
      status: identity.review_status,
      answer: identity.review_answer,
      reviewedAt: identity.reviewed_at,
    },
    investorVerification: investor && {
      status: investor.review_status === 'pending' ? 'PENDING' : (investor.review_answer ?? 'PENDING'),
      basis: investor.basis,
    },
    holdings: holdings.map((row) => ({
      productId: Number(row.product_id),
      productName: row.product_name,
      quantity: Number(row.quantity),
      firstInvestedAt: row.first_invested_at,
    })),
    orders: orders.map((row) => ({
      reference: row.reference,
      state: row.state,
      productId: Number(row.product_id),
      productName: row.product_name,
      quantity: Number(row.quantity),
      amount: Number(row.amount),
      currency: row.currency,
      createdAt: row.created_at,
    })),
    sessions: sessions.map((row) => ({
      method: row.method,
      ip: row.ip,
      userAgent: row.user_agent,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      isActive: !row.revoked_at && row.expires_at > now,
    })),
    history: history.map(auditEventOf),
  };
}

/**
 * Gift claims, oldest first: by default those waiting to be shipped. A seller sees the claims
 * of its own projects only (each claim belongs to a project, as an order does).
 */
export async function listGifts(
  ctx: AppContext,
  operator: Operator,
  state: GiftClaimState = 'REQUESTED',
): Promise<OperatorGiftClaim[]> {
  const rows = await listGiftClaims(ctx, state, await scopeOf(ctx, operator));
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    productId: Number(row.product_id),
    productName: row.product_name,
    title: row.title,
    isDigital: Number(row.is_digital) === 1,
    email: row.email,
    recipientName: row.recipient_name,
    deliveryAddress: row.delivery_address,
    phone: row.phone,
    tracking: row.tracking,
    claimedAt: row.claimed_at,
    shippedAt: row.shipped_at,
  }));
}

/**
 * Marks a physical gift shipped with an optional tracking note, once (a second time is refused
 * with CONFLICT). A seller ships only in its own projects. The console and `gift:ship` both call it.
 */
export async function shipGift(
  ctx: AppContext,
  operator: Operator,
  id: string,
  tracking: string | null,
): Promise<GiftShipOutcome> {
  const claim = await findGiftClaimForOperator(ctx, id);
  if (!claim) throw new AppError('NOT_FOUND', `There is no gift claim ${id}.`);
  await assertMayActOn(ctx, operator, claim.productId);
  const note = tracking?.trim() || null;
  await shipGiftClaim(ctx, id, note, operator.meta, operator.label);
  return { id, state: 'SHIPPED', tracking: note };
}
