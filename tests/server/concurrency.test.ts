import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODES_PER_ADDRESS,
  CODES_PER_ADDRESS_AND_REQUESTER,
  GUESSES_PER_ADDRESS_AND_REQUESTER,
} from '../../server/modules/auth/email-challenges';
import { storeUpload } from '../../server/modules/kyc/files';
import { appendHoldingEntry } from '../../server/modules/orders/ledger';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode, latestCode, requestCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity, sampleFiles } from '../helpers/kyc';

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
      const front = await storeUpload(t.app.ctx, userId, sampleFiles.jpeg);
      const selfie = await storeUpload(t.app.ctx, userId, sampleFiles.png);
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
      { RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '1000', GOVERNANCE_WRITE_RATE_LIMIT_MAX: '100000' },
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
