import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ballotItemListSchema, ballotItemSchema, type BallotItem, type VotingKind } from '../../src/domain/governance';
import { commands } from '../../server/cli/commands';
import {
  CODES_PER_ADDRESS,
  CODES_PER_ADDRESS_AND_REQUESTER,
  GUESSES_PER_ADDRESS_AND_REQUESTER,
} from '../../server/modules/auth/email-challenges';
import { votingPowerOf } from '../../server/modules/governance/voting-power';
import { closeDueVotings } from '../../server/modules/governance/closing';
import { storeUpload } from '../../server/modules/kyc/files';
import { appendHoldingEntry, ledgerBalance } from '../../server/modules/holdings/repository';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode, latestCode, requestCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity, sampleFiles } from '../helpers/kyc';
import { createInvestor, createSaleProduct, orderOk, type Investor } from '../helpers/orders';

/**
 * Every rule two requests could race on, tried by many at once on each engine: the database
 * decides, the answers agree with what was stored, and nothing answers 5xx.
 */
type Answer = { statusCode: number; body: string; json: () => unknown };

function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
}

function expectNo5xx(answers: Answer[]) {
  for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
}

const uploadBody = (bytes: Buffer) => {
  const boundary = '----moa-concurrency';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe.each(testEngines())('races decided by the database (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T06:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' },
      undefined,
      { now: clock.now },
    );
  });
  afterAll(() => t.close());

  const askCode = (email: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/email/code', payload: { email }, remoteAddress: ip });

  it('sends exactly the allowed number of codes to one address from one requester', async () => {
    const email = 'race-codes@example.com';
    const answers = await Promise.all(Array.from({ length: 14 }, () => askCode(email, '198.51.100.1')));
    expectNo5xx(answers);
    expect(tally(answers)).toEqual({ 200: CODES_PER_ADDRESS_AND_REQUESTER, 429: 14 - CODES_PER_ADDRESS_AND_REQUESTER });
    const rows = await t.app.db.selectFrom('email_challenges').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(CODES_PER_ADDRESS_AND_REQUESTER);
  });

  it('sends at most the per-address ceiling of codes from many requesters at once', async () => {
    const email = 'race-ceiling@example.com';
    const answers = await Promise.all(
      Array.from({ length: CODES_PER_ADDRESS + 10 }, (_, index) => askCode(email, `198.51.101.${index + 1}`)),
    );
    expectNo5xx(answers);
    expect(tally(answers)).toEqual({ 200: CODES_PER_ADDRESS, 429: 10 });
  });

  it('compares exactly the allowed number of guesses per address and requester', async () => {
    const email = 'race-guesses@example.com';
    const ip = '198.51.102.1';
    const challenges = [await requestCode(t.app, email, ip), await requestCode(t.app, email, ip)];
    const code = await latestCode(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/email/verify',
          payload: { challengeId: challenges[index % 2], code: wrong },
          remoteAddress: ip,
        }),
      ),
    );
    const more = await Promise.all(
      [await requestCode(t.app, email, ip), await requestCode(t.app, email, ip)].flatMap((challengeId) =>
        Array.from({ length: 3 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/email/verify',
            payload: { challengeId, code: wrong },
            remoteAddress: ip,
          }),
        ),
      ),
    );
    const all = [...answers, ...more];
    expectNo5xx(all);
    expect(tally(all)).toEqual({ 401: GUESSES_PER_ADDRESS_AND_REQUESTER, 429: 16 - GUESSES_PER_ADDRESS_AND_REQUESTER });
  });

  it('creates one account when the first sign-ins of a new address race', async () => {
    const email = 'race-first@example.com';
    const attempts = [];
    for (let index = 0; index < 4; index += 1) {
      const ip = `198.51.103.${index + 1}`;
      const challengeId = await requestCode(t.app, email, ip);
      attempts.push({ challengeId, code: await latestCode(t.app, email), ip });
    }
    const answers = await Promise.all(
      attempts.map(({ challengeId, code, ip }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/email/verify',
          payload: { challengeId, code },
          remoteAddress: ip,
        }),
      ),
    );
    expectNo5xx(answers);
    for (const answer of answers) {
      if (answer.statusCode !== 200) expect(errorCode(answer)).toBe('CONFLICT');
    }
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    const users = await t.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    const identities = await t.app.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('subject', '=', email)
      .execute();
    expect(identities).toHaveLength(1);
  });

  it('gives an address to exactly one of two accounts confirming it at once', async () => {
    const target = 'race-target@example.com';
    const first = await enrollUser(t.app, clock, 'race-a@example.com');
    const second = await enrollUser(t.app, clock, 'race-b@example.com');
    const pending = [];
    for (const user of [first, second]) {
      const asked = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/me/emails',
        headers: bearer(user.token),
        payload: { email: target },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      pending.push({
        token: user.token,
        challengeId: (asked.json() as { challengeId: string }).challengeId,
        code: await latestCode(t.app, target),
      });
    }
    const answers = await Promise.all(
      pending.map(({ token, challengeId, code }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/me/emails/verify',
          headers: bearer(token),
          payload: { challengeId, code },
        }),
      ),
    );
    expectNo5xx(answers);
    expect(tally(answers)).toEqual({ 200: 1, 409: 1 });
    const owners = await t.app.db.selectFrom('users').select('id').where('email', '=', target).execute();
    expect(owners).toHaveLength(1);
  });

  it('accepts exactly one of many simultaneous first identity submissions', async () => {
    const email = 'race-kyc@example.com';
    const user = await enrollUser(t.app, clock, email);
    const userId = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    const submissions = [];
    for (let index = 0; index < 5; index += 1) {
      const front = await storeUpload(t.app.ctx, { user: { id: userId } }, sampleFiles.jpeg);
      const selfie = await storeUpload(t.app.ctx, { user: { id: userId } }, sampleFiles.png);
      submissions.push({
        legalName: 'Kim Mina',
        dateOfBirth: '1992-04-01',
        countryOfResidence: 'KR',
        investorType: 'INDIVIDUAL',
        documentType: 'PASSPORT',
        frontFileId: front.id,
        selfieFileId: selfie.id,
      });
    }
    const answers = await Promise.all(
      submissions.map((payload) =>
        t.app.inject({ method: 'POST', url: '/api/v1/kyc/submissions', headers: bearer(user.token), payload }),
      ),
    );
    expectNo5xx(answers);
    expect(tally(answers)).toEqual({ 200: 1, 409: 4 });
    const reviews = await t.app.db.selectFrom('kyc_reviews').select('id').where('user_id', '=', userId).execute();
    expect(reviews).toHaveLength(1);
  });

  it('answers every simultaneous subscribe toggle in agreement with the state it leaves', async () => {
    const email = 'race-subscribe@example.com';
    const user = await enrollUser(t.app, clock, email);
    await approveIdentity(t.app, email);
    const categoryId = await insertCategory(t.db.db, 'Races');
    const productId = await insertProduct(t.db.db, { categoryId, name: 'Toggled' });
    for (const count of [2, 7, 10]) {
      const before = await t.app.db
        .selectFrom('product_subscriptions')
        .select('user_id')
        .where('product_id', '=', productId)
        .execute();
      const answers = await Promise.all(
        Array.from({ length: count }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/products/subscribe',
            headers: bearer(user.token),
            payload: { productId },
          }),
        ),
      );
      expectNo5xx(answers);
      expect(tally(answers)).toEqual({ 200: count });
      const states = answers.map((answer) => (answer.json() as { isSubscribe: boolean }).isSubscribe);
      const ons = states.filter(Boolean).length;
      const offs = count - ons;
      // Toggles in some order from the state before: the answers alternate, so they differ by
      // at most one, and the state left is the last toggle's answer.
      const wasOn = before.length === 1;
      expect(wasOn ? offs - ons : ons - offs).toBeGreaterThanOrEqual(0);
      expect(wasOn ? offs - ons : ons - offs).toBeLessThanOrEqual(1);
      const after = await t.app.db
        .selectFrom('product_subscriptions')
        .select('user_id')
        .where('product_id', '=', productId)
        .execute();
      expect(after.length).toBe(wasOn ? (offs > ons ? 0 : 1) : ons > offs ? 1 : 0);
    }
  });
});

describe.each(testEngines())('the upload quota under simultaneous uploads (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T06:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(engine, { UPLOAD_QUOTA_BYTES: String(1024 * 1024), RATE_LIMIT_MAX: '100000' }, undefined, {
      now: clock.now,
    });
  });
  afterAll(() => t.close());

  it('stores exactly as many files as fit and refuses the rest with STORAGE_QUOTA_EXCEEDED', async () => {
    const email = 'race-quota@example.com';
    const user = await enrollUser(t.app, clock, email);
    const file = Buffer.concat([sampleFiles.png, Buffer.alloc(300 * 1024, 9)]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => {
        const { payload, headers } = uploadBody(file);
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/kyc/files',
          headers: { ...headers, ...bearer(user.token) },
          payload,
        });
      }),
    );
    expectNo5xx(answers);
    expect(tally(answers), answers[0]!.body).toEqual({ 200: 3, 413: 5 });
    for (const answer of answers.filter((a) => a.statusCode === 413)) {
      expect(errorCode(answer)).toBe('STORAGE_QUOTA_EXCEEDED');
    }
    const userId = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    expect(readdirSync(path.join(t.config.dataDir, 'kyc-uploads', userId))).toHaveLength(3);
    const usage = await t.app.db
      .selectFrom('storage_usage')
      .select('bytes')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(usage.bytes)).toBe(3 * file.length);
  });
});

/**
 * A vote's quorum base and its voters are one record: the holders the transaction that opened
 * it saw, each with a row of voting power, while holdings are confirmed at the same moment.
 */
describe.each(testEngines())('voting power while holdings are confirmed (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T06:00:00Z'));
  let productId = 0;
  let methodId = 0;
  let seq = 0;
  const authors: Investor[] = [];
  const everyone: Investor[] = [];
  const run = (name: string, args: string[]) => commands[name]!.run(t.app.ctx, args);
  const path = (kind: VotingKind) => (kind === 'PROPOSAL' ? 'proposals' : 'agendas');

  /** A new investor holding `quantity` through a signed order; the confirmation is returned, not run. */
  async function buyer(quantity: number) {
    const investor = await createInvestor(t.app, `power${(seq += 1)}@example.com`);
    everyone.push(investor);
    const order = await orderOk(t.app, investor, productId, { quantity, payMethodId: methodId });
    // Signed as a fixture: signing (and its contract PDF) is tested with the orders.
    await t.db.db.updateTable('orders').set({ state: 'SIGNED' }).where('id', '=', order.id).execute();
    return { investor, confirm: () => run('payment:confirm', [order.reference]) };
  }

  const propose = (author: Investor, title: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/governance/${productId}/proposals`,
      headers: author.headers,
      payload: {
        title,
        body: 'Shall we?',
        options: ['Yes', 'No'],
        endsAt: new Date(clock.ms + 2 * 3_600_000).toISOString(),
        quorumPercent: 10,
        thresholdPercent: 50,
        resultsVisibleBeforeClose: true,
      },
    });

  /** The item as the investor sees it; null when they hold nothing now (the section is for holders). */
  const itemAs = async (investor: Investor, kind: VotingKind, id: number): Promise<BallotItem | null> => {
    const response = await t.app.inject({
      url: `/api/v1/governance/${productId}/${path(kind)}/${id}`,
      headers: investor.headers,
    });
    if (response.statusCode === 403 && errorCode(response) === 'SECTION_LOCKED') return null;
    expect(response.statusCode, response.body).toBe(200);
    return ballotItemSchema.parse(response.json());
  };

  const listAs = async (investor: Investor, kind: VotingKind): Promise<BallotItem[]> => {
    const response = await t.app.inject({
      url: `/api/v1/governance/${productId}/${path(kind)}`,
      headers: investor.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return ballotItemListSchema.parse(response.json()).items;
  };

  /** The users a notification of this type about this item's title went to. */
  const notifiedOf = async (type: string, title: string) => {
    // Written by the fan-out job after the item's own transaction.
    await t.app.notificationFanout.runOnce();
    const rows = await t.db.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', type)
      .where('body', 'like', `%${title}%`)
      .execute();
    return rows.map((row) => row.user_id).sort();
  };

  /** The item's record of who may vote: each holder's entries summed up to its ledger mark. */
  const powerRows = async (id: number) => {
    const voting = await t.db.db
      .selectFrom('governance_votings')
      .select(['id', 'product_id', 'ledger_mark'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(voting.ledger_mark, 'an item opened now records its ledger mark').not.toBeNull();
    return (
      await t.db.db
        .selectFrom(votingPowerOf(t.db.db, voting, { after: '' }).as('vp'))
        .select(['vp.user_id', 'vp.power'])
        .orderBy('vp.user_id')
        .execute()
    ).map((row) => ({ userId: row.user_id, power: Number(row.power) }));
  };

  /**
   * Every item of the project agrees with itself: what each investor is told their power is adds
   * up to the quorum base, exactly those were notified, the rows say the same and match the
   * ledger at the snapshot for each holder in them, and a holder left out cannot vote.
   */
  async function expectConsistentItems(openNotice: boolean) {
    const items = await t.db.db
      .selectFrom('governance_votings')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
    // What each investor is told, from the two lists they read (a holder now sees both).
    const told = new Map<number, Map<string, number>>();
    for (const investor of everyone) {
      for (const kind of ['PROPOSAL', 'AGENDA'] as const) {
        for (const item of await listAs(investor, kind)) {
          if (item.myPower <= 0) continue;
          if (!told.has(item.id)) told.set(item.id, new Map());
          told.get(item.id)!.set(investor.userId, item.myPower);
        }
      }
    }
    for (const row of items) {
      const id = Number(row.id);
      const powers = told.get(id) ?? new Map<string, number>();
      const voters = [...powers.keys()].sort();
      const sum = [...powers.values()].reduce((total, power) => total + power, 0);
      expect(sum, `${row.title}: the powers told add up to the quorum base`).toBe(Number(row.total_power));
      if (openNotice && row.kind === 'PROPOSAL') {
        expect(await notifiedOf('PROPOSAL_CREATED', row.title), `${row.title}: notified`).toEqual(voters);
      }
      const rows = await powerRows(id);
      expect(rows.map((power) => power.userId)).toEqual(voters);
      expect(rows.reduce((sum, power) => sum + power.power, 0)).toBe(Number(row.total_power));
      for (const power of rows) {
        expect(power.power).toBe(await ledgerBalance(t.db.db, productId, power.userId, row.snapshot_at));
        expect(power.power).toBe(powers.get(power.userId));
      }
    }
    return items;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '100000',
        GOVERNANCE_WRITE_RATE_LIMIT_MAX: '100000',
        GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
        GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT: '10',
        GOVERNANCE_OPEN_PROPOSALS_PER_PROJECT: '100',
        GOVERNANCE_PROPOSALS_PER_DAY: '100',
      },
      undefined,
      { now: clock.now },
    );
  });
  afterAll(() => t.close());

  // Each test gets a project of its own with three authors holding 20 each: what one test opens,
  // closes or confirms is never counted by another.
  beforeEach(async () => {
    const sale = await createSaleProduct(t.app, {
      isGovernance: true,
      communitySections: [
        { type: 'PROPOSAL', viewType: 'INVESTOR' },
        { type: 'AGENDA', viewType: 'INVESTOR' },
      ],
    });
    productId = sale.productId;
    methodId = sale.accountMethodId;
    authors.length = 0;
    everyone.length = 0;
    for (let index = 0; index < 3; index += 1) {
      const { investor, confirm } = await buyer(20);
      await confirm();
      authors.push(investor);
    }
  });

  it('records, notifies and counts the same holders when proposals and agendas open among confirmations', async () => {
    const buyers = [];
    for (let index = 0; index < 10; index += 1) buyers.push(await buyer(2));
    const late = buyers.slice(7);
    // Everything at the same moment: the clock does not move while they race.
    const work: Array<Promise<unknown>> = [];
    buyers.forEach((one, index) => {
      if (index < 7) work.push(one.confirm());
      if (index % 2 === 0) work.push(propose(authors[(index / 2) % 3]!, `Race proposal ${index / 2}`));
      if (index % 5 === 3) {
        work.push(
          run('agenda:open', [String(productId), '+2h', '10', '50', `Race agenda ${index}`, 'Text', 'Yes', 'No']),
        );
      }
    });
    const answers = await Promise.all(work);
    // Confirmed at the same moment, but committed after every item opened.
    for (const one of late) await one.confirm();
    for (const answer of answers) {
      if (typeof answer === 'object' && answer && 'statusCode' in answer) {
        const { statusCode, body } = answer as Answer;
        expect(statusCode, body).toBe(201);
      }
    }
    const items = await expectConsistentItems(true);
    expect(items).toHaveLength(7);
    // Whoever was confirmed after an item opened holds tokens at its snapshot's moment in the
    // ledger, but has no power in it: they cannot vote with weight.
    let leftOut = 0;
    for (const row of items) {
      const rows = await powerRows(Number(row.id));
      const withPower = buyers.filter(({ investor }) => rows.some((power) => power.userId === investor.userId));
      const without = buyers.filter(({ investor }) => !rows.some((power) => power.userId === investor.userId));
      leftOut += without.length;
      for (const { investor } of [...withPower.slice(0, 1), ...without]) {
        const has = rows.some((power) => power.userId === investor.userId);
        const vote = await t.app.inject({
          method: 'POST',
          url: `/api/v1/governance/${productId}/${path(row.kind)}/${row.id}/vote`,
          headers: investor.headers,
          payload: { choice: 1 },
        });
        if (has) {
          expect(vote.statusCode, vote.body).toBe(201);
          expect(ballotItemSchema.parse(vote.json()).myBallot?.weight).toBe(2);
        } else {
          expect(errorCode(vote)).toBe('NO_VOTING_POWER');
        }
      }
    }
    expect(leftOut).toBeGreaterThanOrEqual(late.length * items.length);
    // The close tells exactly the holders with power, for proposals and agendas alike.
    clock.advance(3 * 3_600_000);
    // Other tests' projects may have items due as well: these are this project's seven.
    const closing = await t.db.db
      .selectFrom('governance_votings')
      .select('id')
      .where('product_id', '=', productId)
      .where('status', '=', 'OPEN')
      .execute();
    expect(closing).toHaveLength(7);
    expect(await closeDueVotings(t.app.ctx)).toBeGreaterThanOrEqual(7);
    const stillOpen = await t.db.db
      .selectFrom('governance_votings')
      .select('id')
      .where('product_id', '=', productId)
      .where('status', '=', 'OPEN')
      .execute();
    expect(stillOpen).toEqual([]);
    for (const row of items) {
      const voters = (await powerRows(Number(row.id))).map((power) => power.userId);
      const type = row.kind === 'PROPOSAL' ? 'VOTE_FINISH' : 'AGENDA_CLOSED';
      expect(await notifiedOf(type, row.title), row.title).toEqual(voters);
    }
  }, 60_000);

  it('waits for a confirmation in flight before it counts the holders of a new proposal', async () => {
    const late = await createInvestor(t.app, `power${(seq += 1)}@example.com`);
    everyone.push(late);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // A credit written at this very moment, whose transaction has not committed yet.
    const credit = t.app.ctx.db.transaction().execute(async (trx) => {
      await appendHoldingEntry(trx, {
        productId,
        userId: late.userId,
        quantity: 2,
        reason: 'DISTRIBUTION',
        orderId: null,
        note: 'in flight',
        at: clock.now().toISOString(),
      });
      entered();
      await gate;
    });
    await inside;
    let settled = false;
    const opening = propose(authors[0]!, 'Opened beside a credit').then((answer) => {
      settled = true;
      return answer;
    });
    if (engine === 'postgres') {
      // Until the opening either finished or waits on the project's ledger.
      for (let tries = 0; tries < 500 && !settled; tries += 1) {
        const waiting = await sql<{ count: number }>`select count(*)::int as count from pg_locks
          where locktype = 'advisory' and not granted`.execute(t.db.db);
        if (Number(waiting.rows[0]!.count) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } else {
      // SQLite has one connection, held by the credit: the opening cannot run before the release
      // whatever happens, and shows no sign of waiting. The pause only lets it reach the wait.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await credit;
    const answer = await opening;
    expect(answer.statusCode, answer.body).toBe(201);
    const item = await itemAs(late, 'PROPOSAL', ballotItemSchema.parse(answer.json()).id);
    expect(item?.myPower).toBe(2);
    expect(await notifiedOf('PROPOSAL_CREATED', 'Opened beside a credit')).toContain(late.userId);
    await expectConsistentItems(false);
  }, 60_000);
});

/** One run of the operator command line (its own process and connection) on the given data. */
function moa(env: Record<string, string>, args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('the command line and the API writing one SQLite file at once', () => {
  let t: TestApp;
  const clock = createClock();

  beforeAll(async () => {
    t = await createTestApp(
      'sqlite',
      {
        RATE_LIMIT_MAX: '100000',
        AUTH_RATE_LIMIT_MAX: '1000',
        GOVERNANCE_WRITE_RATE_LIMIT_MAX: '100000',
        // Writers, not the proposal caps, are under test: the caps are lifted out of the way.
        GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT: '100000',
        GOVERNANCE_OPEN_PROPOSALS_PER_PROJECT: '100000',
        GOVERNANCE_PROPOSALS_PER_DAY: '100000',
      },
      undefined,
      { now: clock.now },
    );
  });
  afterAll(() => t.close());

  it('refuses no write of either: transactions that read first wait for the lock instead of failing', async () => {
    const categoryId = await insertCategory(t.db.db, 'Writers');
    const productId = await insertProduct(t.db.db, {
      categoryId,
      name: 'Shared file',
      isGovernance: true,
      communitySections: [
        { type: 'PROPOSAL', viewType: 'INVESTOR' },
        { type: 'AGENDA', viewType: 'INVESTOR' },
      ],
    });
    const email = 'race-writer@example.com';
    const { token } = await enrollUser(t.app, clock, email);
    await approveIdentity(t.app, email);
    const userId = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    const at = clock.now().toISOString();
    const hold = (holder: string) =>
      appendHoldingEntry(t.db.db, {
        productId,
        userId: holder,
        quantity: 100,
        reason: 'DISTRIBUTION',
        orderId: null,
        note: 'test holding',
        at,
      });
    await hold(userId);
    // Many holders, so opening an agenda or a proposal (which tells each of them, in its
    // transaction) holds the write lock for a while: the other process's writes meet it.
    for (let index = 0; index < 150; index += 1) {
      await hold(await insertUser(t.db.db, { email: `holder-${index}@example.com`, name: `Holder ${index}` }, at));
    }

    // The operator opens agendas in a loop (each one a process of its own) while an investor
    // opens proposals through the API; both transactions read the holdings before they write.
    const env = { DATA_DIR: t.config.dataDir, DATABASE_URL: `sqlite:${t.db.file!}` };
    const runs: { status: number | null; stderr: string }[] = [];
    let isOpening = true;
    const opening = (async () => {
      for (let index = 0; index < 3; index += 1) {
        runs.push(
          await moa(env, [
            'agenda:open',
            String(productId),
            '+12h',
            '50',
            '60',
            `Agenda ${index}`,
            'Vote',
            'Yes',
            'No',
          ]),
        );
      }
      isOpening = false;
    })();
    const answers: Answer[] = [];
    const request = {
      title: 'Another date',
      body: 'One more show.',
      options: ['Yes', 'No'],
      quorumPercent: 50,
      thresholdPercent: 60,
      resultsVisibleBeforeClose: false,
    };
    while (isOpening) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/governance/${productId}/proposals`,
          headers: bearer(token),
          payload: { ...request, endsAt: new Date(clock.ms + 3_600_000).toISOString() },
        }),
      );
    }
    await opening;

    for (const run of runs) expect(run, run.stderr).toMatchObject({ status: 0 });
    expectNo5xx(answers);
    expect(tally(answers)).toEqual({ 201: answers.length });
    const votings = await t.app.db
      .selectFrom('governance_votings')
      .select('kind')
      .where('kind', '=', 'AGENDA')
      .execute();
    expect(votings).toHaveLength(runs.length);
  }, 120_000);
});
