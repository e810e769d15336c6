import type { AppContext } from '../../server/context';
import { findActiveSession, insertSession, markSecondFactorPassed } from '../../server/modules/auth/repository';
import type { Caller } from '../../server/modules/auth/service';
import { signAccessToken } from '../../server/modules/auth/tokens';
import { storeUpload } from '../../server/modules/kyc/files';
import { recordReviewDecision, submitIdentity } from '../../server/modules/kyc/service';
import { insertCategory, insertProduct, type NewProduct } from '../../server/modules/products/factory';
import { insertUser } from '../../server/modules/users/records-repository';
import { bearer } from './auth';
import { sampleFiles } from './kyc';

const OPERATOR = { ip: 'operator', userAgent: 'test operator' };

export interface Investor {
  userId: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

/**
 * An investor whose session has passed the second factor and whose identity was approved
 * through the real review path. The session is written directly (signing in is tested elsewhere)
 * so tests can make many investors quickly.
 */
/** What the setup helpers need: the app, or a bare context for a server in another process. */
export type HasContext = { ctx: AppContext };

export async function createInvestor(
  app: HasContext,
  email: string,
  options: { legalName?: string; approve?: boolean } = {},
): Promise<Investor & { sessionId: string }> {
  const ctx = app.ctx;
  const userId = await insertUser(ctx.db, { email, name: email.split('@')[0]! }, ctx.now().toISOString());
  if (options.approve !== false) {
    const front = await storeUpload(ctx, { user: { id: userId } }, sampleFiles.jpeg);
    const selfie = await storeUpload(ctx, { user: { id: userId } }, sampleFiles.png);
    await submitIdentity(
      ctx,
      { user: { id: userId } },
      {
        legalName: options.legalName ?? 'Kim Mina',
        dateOfBirth: '1992-04-01',
        countryOfResidence: 'KR',
        investorType: 'INDIVIDUAL',
        documentType: 'PASSPORT',
        frontFileId: front.id,
        selfieFileId: selfie.id,
      },
      OPERATOR,
    );
    await recordReviewDecision(ctx, userId, { answer: 'GREEN', message: null }, OPERATOR);
  }
  return newSession(app, userId, email);
}

/** A new second-factor-passed session of an existing user (a ban ends the earlier ones). */
export async function newSession(
  app: HasContext,
  userId: string,
  email: string,
): Promise<Investor & { sessionId: string }> {
  const ctx = app.ctx;
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + 30 * 24 * 3600_000);
  const sessionId = await insertSession(
    ctx.db,
    { userId, method: 'EMAIL', ip: '127.0.0.1', userAgent: 'test', expiresAt: expiresAt.toISOString() },
    now.toISOString(),
  );
  await markSecondFactorPassed(ctx.db, sessionId, now.toISOString());
  const token = await signAccessToken(ctx.tokenKey, { userId, sessionId, role: 'USER' }, now, expiresAt);
  return {
    userId,
    sessionId,
    email,
    token,
    headers: { ...bearer(token), 'user-agent': 'Mozilla/5.0 (iPhone) Safari/605.1' },
  };
}

/** The investor as a route hands them to a service: their session, read by the real session statement. */
export async function callerOf(app: HasContext, investor: { sessionId: string }): Promise<Caller> {
  const found = await findActiveSession(app.ctx.db, investor.sessionId, app.ctx.now().toISOString());
  if (!found) throw new Error(`Session ${investor.sessionId} has ended`);
  return { ...found, role: 'USER' };
}

/** A project on sale with an ACCOUNT and a CRYPTO pay method and two documents. */
export async function createSaleProduct(app: HasContext, overrides: Partial<NewProduct> = {}) {
  const db = app.ctx.db;
  const existing = await db.selectFrom('categories').select('id').where('name', '=', 'Orders test').executeTakeFirst();
  const category = existing ? Number(existing.id) : await insertCategory(db, 'Orders test');
  const now = app.ctx.now();
  const productId = await insertProduct(db, {
    categoryId: category,
    name: '한강 세션 Han River Sessions',
    tokenName: 'HRSN',
    pricePerToken: 1000,
    totalQuantity: 1000,
    remainingQuantity: 1000,
    userMinInvestment: 1000,
    userMaxInvestment: null,
    startsAt: new Date(now.getTime() - 86_400_000).toISOString(),
    endsAt: new Date(now.getTime() + 60 * 86_400_000).toISOString(),
    about: { legalName: '한강세션 주식회사', address: 'Seoul' },
    documents: [
      { name: 'Token terms', description: 'Terms', url: '/demo/documents/han-river-sessions-token-terms.pdf' },
      {
        name: 'Offering memorandum',
        description: 'Memo',
        url: '/demo/documents/han-river-sessions-offering-memorandum.pdf',
      },
    ],
    gifts: [{ title: 'Signed vinyl', description: 'A record', limitQuantity: 5 }],
    payMethods: [
      {
        name: 'Bank transfer (escrow)',
        address: '469001-04-123456',
        alias: 'HRSN escrow',
        payMethodType: 'ACCOUNT',
        bankName: 'KB Kookmin Bank',
        accountHolder: 'Moa Escrow Trust',
      },
      {
        name: 'USDC (Ethereum)',
        address: '0x1111111111111111111111111111111111111111',
        alias: 'HRSN wallet',
        payMethodType: 'CRYPTO',
        network: 'Ethereum (ERC-20)',
        asset: 'USDC',
      },
    ],
    ...overrides,
  });
  const methods = await db
    .selectFrom('product_pay_methods')
    .select(['id', 'pay_method_type'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
  return {
    productId,
    accountMethodId: Number(methods.find((m) => m.pay_method_type === 'ACCOUNT')!.id),
    cryptoMethodId: Number(methods.find((m) => m.pay_method_type === 'CRYPTO')!.id),
  };
}
