import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityListSchema } from '../../src/domain/auth';
import { formatPlainAmount } from '../../src/domain/money';
import {
  bankDetailsResponseSchema,
  giftCheckSchema,
  giftClaimResponseSchema,
  giftClaimSchema,
  myDocumentsResponseSchema,
  myProductsResponseSchema,
  myRevenuesResponseSchema,
  walletAddressesResponseSchema,
  walletAddressSchema,
} from '../../src/domain/portfolio';
import { accountCommands } from '../../server/cli/account-commands';
import { decryptText } from '../../server/crypto';
import { distributeRevenue, distributionShares } from '../../server/modules/account/distributions';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { insertCategory, insertHolding, insertProduct } from '../../server/modules/products/factory';
import { findUserByEmail, insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, codeAt, createClock, enrollUser, errorCode, type EnrolledUser } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';

const MEMO_URL = '/demo/documents/busan-noir-film-offering-memorandum.pdf';
const TERMS_URL = '/demo/documents/busan-noir-film-token-terms.pdf';
const OTHER_URL = '/demo/documents/gangnam-tteokbokki-offering-memorandum.pdf';

describe.each(testEngines())('the account area on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.UTC(2026, 5, 10, 12));
  let investor: EnrolledUser & { id: string };
  let stranger: EnrolledUser & { id: string };
  let heldId: number;
  let otherId: number;
  const longAgo = new Date(Date.UTC(2026, 0, 1)).toISOString();

  const get = async (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
  const freshCode = (user: EnrolledUser) => {
    clock.advance(30_000);
    return codeAt(user.secret, clock.now());
  };
  const revenues = async (query = '') => {
    const response = await get(`/api/v1/users/me/revenues${query}`, investor.token);
    expect(response.statusCode, response.body).toBe(200);
    return myRevenuesResponseSchema.parse(response.json()).myRevenueAndProducts;
  };

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      // Distributions commit at once here: four eyes is tested in tests/server/operator.test.ts.
      { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000', SESSION_TTL_MINUTES: '43200', FOUR_EYES: 'off' },
      undefined,
      {
        now: clock.now,
      },
    );
    const db = t.db.db;
    const categoryId = await insertCategory(db, 'Film');
    heldId = await insertProduct(db, {
      categoryId,
      name: 'Busan Noir',
      logo: '/demo/projects/busan-noir-film/logo.webp',
      pricePerToken: 1500,
      documents: [
        { name: 'Offering memorandum', description: 'What you invest in', url: MEMO_URL },
        { name: ' ', description: 'Untitled', url: TERMS_URL },
      ],
      gifts: [
        { title: 'Premiere ticket', description: 'A seat at the premiere', isDigital: false, limitQuantity: 100 },
        { title: 'Digital poster', description: 'A signed poster as a file', isDigital: true, limitQuantity: 10 },
        { title: 'Walk-on role', description: 'A scene in the sequel', isDigital: false, limitQuantity: 5000 },
      ],
      communityBadges: [
        { name: 'Supporter', limitQuantity: 10 },
        { name: 'Producer', limitQuantity: 100 },
        { name: 'Executive producer', limitQuantity: 10_000 },
      ],
    });
    otherId = await insertProduct(db, {
      categoryId,
      name: 'Gangnam Tteokbokki',
      documents: [{ name: 'Offering memorandum', description: 'Not yours', url: OTHER_URL }],
    });
    const enrolled = await enrollUser(t.app, clock, 'holder@example.com');
    await approveIdentity(t.app, 'holder@example.com');
    investor = { ...enrolled, id: (await findUserByEmail(db, 'holder@example.com'))!.id };
    const other = await enrollUser(t.app, clock, 'stranger@example.com');
    await approveIdentity(t.app, 'stranger@example.com');
    stranger = { ...other, id: (await findUserByEmail(db, 'stranger@example.com'))!.id };
    await insertHolding(db, { productId: heldId, userId: investor.id, quantity: 120, firstInvestedAt: longAgo });
    await insertHolding(db, { productId: otherId, userId: stranger.id, quantity: 3, firstInvestedAt: longAgo });
  });
  afterAll(() => t.close());

  it('lists held projects with their documents, and values them at purchased amount × price', async () => {
    const products = await get('/api/v1/users/me/products', investor.token);
    expect(products.statusCode, products.body).toBe(200);
    const { myProductPayloads } = myProductsResponseSchema.parse(products.json());
    expect(myProductPayloads).toHaveLength(1);
    expect(myProductPayloads[0]).toMatchObject({
      id: heldId,
      name: 'Busan Noir',
      logo: '/demo/projects/busan-noir-film/logo.webp',
    });
    expect(myProductPayloads[0]!.documentIds).toHaveLength(2);

    const summary = await revenues();
    expect(summary.products).toEqual([
      expect.objectContaining({ id: heldId, purchaseAmount: 120, pricePerToken: 1500, portfolioBalance: 180_000 }),
    ]);
    expect(summary.totals.portfolioBalance).toBe(180_000);
    expect(summary.revenues).toEqual([]);
  });

  it('shares a distribution by record-date balances, exactly, and shows it scheduled then paid', async () => {
    const db = t.db.db;
    const holders: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      const id = await insertUser(db, { email: `h${index}@example.com`, name: null }, longAgo);
      holders.push(id);
      await insertHolding(db, {
        productId: heldId,
        userId: id,
        quantity: 1 + ((index * 7919) % 97),
        firstInvestedAt: longAgo,
      });
    }
    // Sold everything before the record date: no share.
    const soldOut = await insertUser(db, { email: 'sold@example.com', name: null }, longAgo);
    await insertHolding(db, { productId: heldId, userId: soldOut, quantity: 50, firstInvestedAt: longAgo });
    await appendHoldingEntry(db, {
      productId: heldId,
      userId: soldOut,
      quantity: -50,
      reason: 'CORRECTION',
      orderId: null,
      note: 'moved',
      at: new Date(Date.UTC(2026, 4, 2)).toISOString(),
    });
    // Bought after the record date: no share, and the investor's later top-up does not count either.
    const late = await insertUser(db, { email: 'late@example.com', name: null }, longAgo);
    const afterRecord = new Date(Date.UTC(2026, 5, 2)).toISOString();
    await insertHolding(db, { productId: heldId, userId: late, quantity: 500, firstInvestedAt: afterRecord });
    await appendHoldingEntry(db, {
      productId: heldId,
      userId: investor.id,
      quantity: 30,
      reason: 'CORRECTION',
      orderId: null,
      note: 'top-up',
      at: afterRecord,
    });

    const amount = 1_000_003;
    const output = await accountCommands['revenue:distribute']!.run(t.app.ctx, [
      String(heldId),
      String(amount),
      '2026-05-31',
      'May',
      'box',
      'office',
    ]);
    // The amount in the currency's own digits: 10000.03 USD, 1000003 KRW (never a hundredth).
    expect(output).toContain(`: ${formatPlainAmount(amount, t.config.CURRENCY)} to `);
    const id = Number(/Distribution (\d+)/.exec(output)?.[1]);
    const shares = await distributionShares(db, id);
    expect(shares.reduce((total, share) => total + share.amount, 0)).toBe(amount);
    expect(shares.map((share) => share.userId).sort()).toEqual([...holders, investor.id].sort());
    const investorShare = shares.find((share) => share.userId === investor.id)!;
    expect(investorShare.balance).toBe(120);
    const total = shares.reduce((sum, share) => sum + share.balance, 0);
    expect(Math.abs(investorShare.amount - (amount * 120) / total)).toBeLessThan(1);

    // Visible at once, scheduled for 14 days after the record date.
    let summary = await revenues();
    expect(summary.shares).toEqual([
      expect.objectContaining({
        amount: investorShare.amount,
        state: 'SCHEDULED',
        recordDate: '2026-05-31',
        memo: 'May box office',
      }),
    ]);
    expect(summary.totals.revenueScheduled).toBe(investorShare.amount);
    expect(summary.revenues).toEqual([]);
    expect(summary.products[0]).toMatchObject({ purchaseAmount: 150, portfolioBalance: 225_000 });

    clock.set(Date.UTC(2026, 5, 15, 0, 0, 1));
    summary = await revenues();
    expect(summary.shares[0]!.state).toBe('PAID');
    expect(summary.revenues).toEqual([{ date: '2026-06-01', revenue: investorShare.amount }]);
    expect(summary.totals.revenuePaid).toBe(investorShare.amount);

    // A second month: the chart fills the month between, filters by project and by window.
    await distributeRevenue(db, {
      productId: heldId,
      amount: 7,
      recordDate: '2026-03-31',
      memo: null,
      currency: 'USD',
      createdBy: 'test',
      now: clock.now(),
    });
    summary = await revenues('?interval=month');
    expect(summary.revenues.map((entry) => entry.date)).toEqual(['2026-04-01', '2026-05-01', '2026-06-01']);
    expect(summary.revenues[1]!.revenue).toBe(0);
    expect((await revenues('?from=2026-06-01')).revenues).toHaveLength(1);
    expect((await revenues(`?productId=${otherId}`)).shares).toEqual([]);
    expect((await revenues('?interval=year')).revenues).toHaveLength(1);

    const invalid = await get('/api/v1/users/me/revenues?from=2026-07-01&to=2026-01-01', investor.token);
    expect(invalid.statusCode).toBe(400);
    expect(errorCode(invalid)).toBe('VALIDATION_FAILED');
    expect(errorCode(await get('/api/v1/users/me/revenues?interval=week', investor.token))).toBe('VALIDATION_FAILED');
  });

  it('refuses distributions that cannot be shared', async () => {
    const run = (args: string[]) => accountCommands['revenue:distribute']!.run(t.app.ctx, args);
    await expect(run([String(heldId), '10.5', '2026-05-31'])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(run([String(heldId), '0', '2026-05-31'])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(run([String(heldId), '100', '2027-01-01'])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(run([String(heldId), '100', '2025-12-31'])).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(run(['999999', '100', '2026-05-31'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The pay date is checked as the console's request is: a calendar date, after the record date.
    for (const payDate of ['2026-6-1', 'soon', '']) {
      await expect(run([String(heldId), '100', '2026-05-31', '--pay-date', payDate])).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^payDate: /),
      });
    }
    await expect(run([String(heldId), '100', '2026-05-31', '--pay-date', '2026-05-01'])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('pays a distribution on the pay date the command line names', async () => {
    const output = await accountCommands['revenue:distribute']!.run(t.app.ctx, [
      String(heldId),
      '700',
      '2026-05-31',
      '--pay-date',
      '2026-06-03',
      'June',
      'bonus',
      '--new',
    ]);
    expect(output).toMatch(/paid on 2026-06-03\./);
    const id = Number(/Distribution (\d+)/.exec(output)?.[1]);
    const row = await t.app.ctx.db
      .selectFrom('revenue_distributions')
      .select(['memo', 'pays_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.memo).toBe('June bonus');
    expect(String(row.pays_at).slice(0, 10)).toBe('2026-06-03');
  });

  it('lets only holders download project documents, and names missing titles N/A', async () => {
    const list = await get('/api/v1/users/me/documents', investor.token);
    expect(list.statusCode, list.body).toBe(200);
    const { documents, contracts } = myDocumentsResponseSchema.parse(list.json());
    expect(contracts).toEqual([]);
    expect(documents.map((doc) => [doc.fileName, doc.title])).toEqual([
      ['busan-noir-film-offering-memorandum.pdf', 'Offering memorandum'],
      ['busan-noir-film-token-terms.pdf', 'N/A'],
    ]);
    for (const doc of documents) {
      const file = await get(doc.downloadUrl, investor.token);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('attachment;');
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Someone who does not hold the project learns nothing, not even that the document exists.
      const refused = await get(doc.downloadUrl, stranger.token);
      expect(refused.statusCode).toBe(404);
      expect(errorCode(refused)).toBe('NOT_FOUND');
    }
    const strangerDocs = myDocumentsResponseSchema.parse(
      (await get('/api/v1/users/me/documents', stranger.token)).json(),
    );
    expect(strangerDocs.documents.map((doc) => doc.productId)).toEqual([otherId]);
    expect((await get(strangerDocs.documents[0]!.downloadUrl, investor.token)).statusCode).toBe(404);
    expect((await get('/api/v1/users/me/documents/999999', investor.token)).statusCode).toBe(404);
    expect((await t.app.inject({ url: documents[0]!.downloadUrl })).statusCode).toBe(401);
    // Signed contracts are the owner's only, too.
    expect(
      (await get('/api/v1/users/me/sign-files/00000000-0000-4000-8000-000000000000', investor.token)).statusCode,
    ).toBe(404);
  });

  it('offers the highest gift the holding reaches and lets exactly one of 50 parallel claims through', async () => {
    const check = giftCheckSchema.parse((await get(`/api/v1/claim/check?id=${heldId}`, investor.token)).json());
    expect(check.holding).toBe(150);
    expect(check.availableGift?.title).toBe('Premiere ticket');
    expect(check.canClaim).toBe(true);

    const lower = check.gifts.find((gift) => gift.title === 'Digital poster')!;
    const wrong = await send('POST', '/api/v1/claim/gift', investor.token, { productId: heldId, giftId: lower.id });
    expect(errorCode(wrong)).toBe('GIFT_NOT_AVAILABLE');
    const noAddress = await send('POST', '/api/v1/claim/gift', investor.token, {
      productId: heldId,
      giftId: check.availableGift!.id,
    });
    expect(noAddress.statusCode).toBe(400);
    expect(errorCode(noAddress)).toBe('VALIDATION_FAILED');

    const body = {
      productId: heldId,
      giftId: check.availableGift!.id,
      delivery: { recipientName: 'Kim Mina', address: '12 Haeundae-ro, Busan', phone: '+82 10-1234-5678' },
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => send('POST', '/api/v1/claim/gift', investor.token, body)),
    );
    const created = results.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(1);
    expect(results.filter((response) => errorCode(response) === 'GIFT_ALREADY_CLAIMED')).toHaveLength(49);
    const claim = giftClaimSchema.parse(created[0]!.json());
    expect(claim).toMatchObject({ state: 'REQUESTED', reveal: null, deliveryAddress: '12 Haeundae-ro, Busan' });
    const rows = await t.db.db.selectFrom('gift_claims').selectAll().where('user_id', '=', investor.id).execute();
    expect(rows).toHaveLength(1);

    const read = giftClaimResponseSchema.parse(
      (await get(`/api/v1/claim/gift?productId=${heldId}`, investor.token)).json(),
    );
    expect(read.claim?.id).toBe(claim.id);
    const after = giftCheckSchema.parse((await get(`/api/v1/claim/check?id=${heldId}`, investor.token)).json());
    expect(after.canClaim).toBe(false);

    expect(await accountCommands['gift:list']!.run(t.app.ctx, [])).toContain(claim.id);
    await accountCommands['gift:ship']!.run(t.app.ctx, [claim.id, 'KR123']);
    await expect(accountCommands['gift:ship']!.run(t.app.ctx, [claim.id])).rejects.toMatchObject({ code: 'CONFLICT' });
    const shipped = giftClaimResponseSchema.parse(
      (await get(`/api/v1/claim/gift?productId=${heldId}`, investor.token)).json(),
    );
    expect(shipped.claim).toMatchObject({ state: 'SHIPPED', tracking: 'KR123' });
  });

  it('reveals a digital gift at once, and refuses holders below every limit', async () => {
    const db = t.db.db;
    const digitalHolder = await enrollUser(t.app, clock, 'digital@example.com');
    await approveIdentity(t.app, 'digital@example.com');
    const userId = (await findUserByEmail(db, 'digital@example.com'))!.id;
    await insertHolding(db, { productId: heldId, userId, quantity: 10, firstInvestedAt: longAgo });
    await db
      .updateTable('product_gifts')
      .set({ reveal_text: 'Code MOA-POSTER-42' })
      .where('product_id', '=', heldId)
      .execute();
    const check = giftCheckSchema.parse((await get(`/api/v1/claim/check?id=${heldId}`, digitalHolder.token)).json());
    expect(check.availableGift?.title).toBe('Digital poster');
    const claimed = await send('POST', '/api/v1/claim/gift', digitalHolder.token, {
      productId: heldId,
      giftId: check.availableGift!.id,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(giftClaimSchema.parse(claimed.json())).toMatchObject({ state: 'REVEALED', reveal: 'Code MOA-POSTER-42' });

    const none = giftCheckSchema.parse((await get(`/api/v1/claim/check?id=${otherId}`, investor.token)).json());
    expect(none).toMatchObject({ availableGift: null, canClaim: false, holding: 0 });
    expect(errorCode(await get('/api/v1/claim/check?id=0', investor.token))).toBe('VALIDATION_FAILED');
  });

  it('keeps bank details sealed and masked, for the verified holder only, behind a current code', async () => {
    const url = '/api/v1/users/me/bank-details';
    const empty = bankDetailsResponseSchema.parse((await get(url, investor.token)).json());
    expect(empty.bankDetails).toBeNull();
    const base = { bankName: 'Hana Bank', holderName: 'kim  mina', accountNumber: '123-456-789012' };

    const mismatch = await send('PUT', url, investor.token, {
      ...base,
      holderName: 'Lee Joon',
      code: freshCode(investor),
    });
    expect(errorCode(mismatch)).toBe('LEGAL_NAME_MISMATCH');
    const badNumber = await send('PUT', url, investor.token, {
      ...base,
      accountNumber: '12ab',
      code: freshCode(investor),
    });
    expect(errorCode(badNumber)).toBe('VALIDATION_FAILED');
    const noCode = await send('PUT', url, investor.token, { ...base, code: '12345' });
    expect(errorCode(noCode)).toBe('VALIDATION_FAILED');
    const wrongCode = await send('PUT', url, investor.token, {
      ...base,
      code: codeAt(investor.secret, clock.now(), 5),
    });
    expect(errorCode(wrongCode)).toBe('OTP_INVALID');

    const code = freshCode(investor);
    const saved = await send('PUT', url, investor.token, { ...base, code });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bankDetailsResponseSchema.parse(saved.json()).bankDetails).toMatchObject({
      bankName: 'Hana Bank',
      maskedNumber: '•••• 9012',
    });
    expect(saved.body).not.toContain('123456789012');
    // The same code does not work twice.
    expect(errorCode(await send('PUT', url, investor.token, { ...base, code }))).toBe('OTP_INVALID');

    const row = await t.db.db
      .selectFrom('payout_bank_accounts')
      .selectAll()
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(row.number_sealed).not.toContain('123456789012');
    expect(decryptText(t.app.ctx.keys.bankAccount, row.number_sealed)).toBe('123456789012');

    const changed = await send('PUT', url, investor.token, {
      ...base,
      accountNumber: '99887766',
      code: freshCode(investor),
    });
    expect(bankDetailsResponseSchema.parse(changed.json()).bankDetails?.maskedNumber).toBe('•••• 7766');
    const activity = activityListSchema.parse(
      (await get('/api/v1/users/me/activities?limit=50', investor.token)).json(),
    );
    const types = activity.activities.map((event) => event.type);
    expect(types).toContain('BANK_DETAILS_ADDED');
    expect(types).toContain('BANK_DETAILS_CHANGED');
    expect(JSON.stringify(activity)).not.toContain('99887766');
  });

  it('checks wallet addresses for their network and asks for a code to add or remove one', async () => {
    const url = '/api/v1/users/me/addresses';
    const eth = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const badChecksum = await send('POST', url, investor.token, {
      label: 'Main',
      network: 'ETHEREUM',
      address: '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      code: freshCode(investor),
    });
    expect(badChecksum.statusCode).toBe(422);
    expect(errorCode(badChecksum)).toBe('WALLET_ADDRESS_INVALID');
    const badBitcoin = await send('POST', url, investor.token, {
      label: 'Cold',
      network: 'BITCOIN',
      address: eth,
      code: freshCode(investor),
    });
    expect(errorCode(badBitcoin)).toBe('WALLET_ADDRESS_INVALID');
    expect(
      errorCode(
        await send('POST', url, investor.token, {
          label: 'x',
          network: 'DOGE',
          address: eth,
          code: freshCode(investor),
        }),
      ),
    ).toBe('VALIDATION_FAILED');

    const added = await send('POST', url, investor.token, {
      label: 'Main',
      network: 'ETHEREUM',
      address: eth.toLowerCase(),
      code: freshCode(investor),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(walletAddressSchema.parse(added.json()).address).toBe(eth);
    const duplicate = await send('POST', url, investor.token, {
      label: 'Again',
      network: 'ETHEREUM',
      address: eth,
      code: freshCode(investor),
    });
    expect(errorCode(duplicate)).toBe('CONFLICT');
    const btc = await send('POST', url, investor.token, {
      label: 'Cold',
      network: 'BITCOIN',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      code: freshCode(investor),
    });
    expect(btc.statusCode, btc.body).toBe(201);

    const list = walletAddressesResponseSchema.parse((await get(url, investor.token)).json());
    expect(list.addresses.map((item) => item.network)).toEqual(['ETHEREUM', 'BITCOIN']);
    expect(walletAddressesResponseSchema.parse((await get(url, stranger.token)).json()).addresses).toEqual([]);

    const id = list.addresses[0]!.id;
    expect(errorCode(await send('DELETE', `${url}/${id}`, stranger.token, { code: freshCode(stranger) }))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await send('DELETE', `${url}/${id}`, investor.token, { code: '000000' }))).toBe('OTP_INVALID');
    const removed = await send('DELETE', `${url}/${id}`, investor.token, { code: freshCode(investor) });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(walletAddressesResponseSchema.parse((await get(url, investor.token)).json()).addresses).toHaveLength(1);
  });

  it('shows the highest community badge the holding reaches', async () => {
    const response = await get('/api/v1/users/me/badge', investor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ isHideBadge: false, badge: { name: 'Producer', productId: heldId } });
    expect((await get('/api/v1/users/me/badge', stranger.token)).json()).toMatchObject({ badge: null });
  });
});
