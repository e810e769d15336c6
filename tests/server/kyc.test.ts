import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycStatusSchema } from '../../src/domain/kyc';
import { meSchema } from '../../src/domain/session';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { signRequest } from '../../server/modules/kyc/sumsub';
import { recordReviewDecision } from '../../server/modules/kyc/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { sampleFiles, submitIdentityFor } from '../helpers/kyc';

function multipartBody(file: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = '----moa-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(app: FastifyInstance, token: string, file: Buffer, filename?: string) {
  const body = multipartBody(file, filename);
  return app.inject({
    method: 'POST',
    url: '/api/v1/kyc/files',
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
}

async function me(app: FastifyInstance, token: string) {
  const response = await app.inject({ url: '/api/v1/users/me', headers: bearer(token) });
  return meSchema.parse(response.json());
}

async function kycGroupCodes(app: FastifyInstance, token: string, productId: number) {
  const calls = [
    app.inject({ url: `/api/v1/products/${productId}`, headers: bearer(token) }),
    app.inject({ url: `/api/v1/products/${productId}/whitelist`, headers: bearer(token) }),
    app.inject({ method: 'POST', url: `/api/v1/products/${productId}/whitelist`, headers: bearer(token) }),
    app.inject({ method: 'POST', url: '/api/v1/products/subscribe', headers: bearer(token), payload: { productId } }),
    app.inject({ url: '/api/v1/kyc/purchase/list', headers: bearer(token) }),
  ];
  return (await Promise.all(calls)).map((response) => (response.statusCode === 200 ? 'OK' : errorCode(response)));
}

const identityBody = (ids: { front: string; back?: string; selfie: string }) => ({
  legalName: 'Park Jisoo',
  dateOfBirth: '1990-02-03',
  countryOfResidence: 'KR',
  investorType: 'INDIVIDUAL',
  documentType: ids.back ? 'ID_CARD' : 'PASSPORT',
  frontFileId: ids.front,
  ...(ids.back ? { backFileId: ids.back } : {}),
  selfieFileId: ids.selfie,
});

describe.each(testEngines())('identity checks with the local provider on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-23T09:00:00.000Z'));
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { KYC_UPLOAD_MAX_BYTES: String(64 * 1024) }, undefined, { now: clock.now });
    productId = await insertProduct(t.db.db, { categoryId: await insertCategory(t.db.db, 'Food'), name: 'Kimchi lab' });
  });
  afterAll(() => t.close());

  it('takes uploads by content, refuses wrong types and oversized files, and never serves another user’s file', async () => {
    const { token } = await enrollUser(t.app, clock, 'uploads@example.com');
    const { token: otherToken } = await enrollUser(t.app, clock, 'other@example.com');
    for (const kind of ['jpeg', 'png', 'webp', 'pdf'] as const) {
      const response = await upload(t.app, token, sampleFiles[kind]);
      expect(response.statusCode, response.body).toBe(200);
    }
    // A text file named like a photo is still a text file.
    const fake = await upload(t.app, token, sampleFiles.text, 'passport.jpg');
    expect(fake.statusCode).toBe(415);
    expect(errorCode(fake)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await upload(t.app, token, Buffer.concat([sampleFiles.jpeg, Buffer.alloc(70 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(errorCode(big)).toBe('PAYLOAD_TOO_LARGE');
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/kyc/files', headers: bearer(token), payload: {} });
    expect(errorCode(json)).toBe('UNSUPPORTED_MEDIA_TYPE');

    const mine = (await upload(t.app, token, sampleFiles.jpeg)).json() as { id: string; contentType: string };
    expect(mine.contentType).toBe('image/jpeg');
    const own = await t.app.inject({ url: `/api/v1/kyc/files/${mine.id}`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(sampleFiles.jpeg)).toBe(true);
    expect(own.headers['content-disposition']).toContain('attachment');
    const theirs = await t.app.inject({ url: `/api/v1/kyc/files/${mine.id}`, headers: bearer(otherToken) });
    expect(theirs.statusCode).toBe(404);
    // Stored under the data folder, under the id the server chose, not the client's name.
    expect(existsSync(`${t.config.dataDir}/kyc-uploads`)).toBe(true);

    // Another user's file cannot be part of my submission.
    const selfie = (await upload(t.app, otherToken, sampleFiles.png)).json() as { id: string };
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/submissions',
      headers: bearer(token),
      payload: identityBody({ front: mine.id, selfie: selfie.id }),
    });
    expect(submit.statusCode).toBe(404);
    expect(errorCode(submit)).toBe('NOT_FOUND');
    expect((await me(t.app, token)).kycPayload.reviewStatus).toBe('init');
  });

  it('validates the form: entity details, the back of two-sided documents, a photo as selfie', async () => {
    const { token } = await enrollUser(t.app, clock, 'form@example.com');
    const front = ((await upload(t.app, token, sampleFiles.jpeg)).json() as { id: string }).id;
    const pdf = ((await upload(t.app, token, sampleFiles.pdf)).json() as { id: string }).id;
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/kyc/submissions', headers: bearer(token), payload });
    const entity = await post({ ...identityBody({ front, selfie: pdf }), investorType: 'COMPANY' });
    expect(errorCode(entity)).toBe('VALIDATION_FAILED');
    expect(entity.json().errors[0].message).toContain('registered name');
    const twoSided = await post({ ...identityBody({ front, selfie: pdf }), documentType: 'ID_CARD' });
    expect(twoSided.json().errors[0].message).toContain('back of the document');
    const pdfSelfie = await post(identityBody({ front, selfie: pdf }));
    expect(errorCode(pdfSelfie)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const extra = await post({ ...identityBody({ front, selfie: pdf }), kycStatus: 'GREEN' });
    expect(errorCode(extra)).toBe('VALIDATION_FAILED');
  });

  it('moves to pending on submission, refuses the KYC group until GREEN, and GREEN opens it', async () => {
    const { token } = await enrollUser(t.app, clock, 'flow@example.com');
    expect(await kycGroupCodes(t.app, token, productId)).toEqual(Array(5).fill('KYC_REQUIRED'));
    const front = ((await upload(t.app, token, sampleFiles.jpeg)).json() as { id: string }).id;
    const back = ((await upload(t.app, token, sampleFiles.webp)).json() as { id: string }).id;
    const selfie = ((await upload(t.app, token, sampleFiles.png)).json() as { id: string }).id;
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/submissions',
      headers: bearer(token),
      payload: identityBody({ front, back, selfie }),
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(kycStatusSchema.parse(submit.json())).toMatchObject({
      reviewStatus: 'pending',
      identityStatus: 'INPROGRESS',
    });
    const profile = await me(t.app, token);
    expect(profile.userPayload).toMatchObject({
      kycStatus: 'INPROGRESS',
      legalName: 'Park Jisoo',
      countryOfResidence: 'KR',
    });
    expect(await kycGroupCodes(t.app, token, productId)).toEqual(Array(5).fill('KYC_REQUIRED'));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/submissions',
      headers: bearer(token),
      payload: identityBody({ front, back, selfie }),
    });
    expect(errorCode(again)).toBe('CONFLICT');

    const userId = profile.userPayload.id;
    const meta = { ip: 'operator', userAgent: 'test' };
    clock.advance(1000);
    await recordReviewDecision(
      t.app.ctx,
      userId,
      { answer: 'RED', rejectType: 'RETRY', message: 'The photo is blurry.' },
      meta,
    );
    expect((await me(t.app, token)).kycPayload).toEqual({
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      rejectType: 'RETRY',
      reviewMessage: 'The photo is blurry.',
    });
    expect(await kycGroupCodes(t.app, token, productId)).toEqual(Array(5).fill('KYC_REQUIRED'));

    // RETRY: fix and resubmit, with new files.
    clock.advance(1000);
    const front2 = ((await upload(t.app, token, sampleFiles.jpeg)).json() as { id: string }).id;
    const selfie2 = ((await upload(t.app, token, sampleFiles.png)).json() as { id: string }).id;
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/submissions',
      headers: bearer(token),
      payload: identityBody({ front: front2, selfie: selfie2 }),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    clock.advance(1000);
    await recordReviewDecision(t.app.ctx, userId, { answer: 'GREEN', message: null }, meta);
    expect((await me(t.app, token)).userPayload).toMatchObject({ kycStatus: 'GREEN', isKycVerified: true });
    const [detail, whitelist, , subscribe, purchase] = await kycGroupCodes(t.app, token, productId);
    expect([detail, whitelist, subscribe, purchase]).toEqual(['OK', 'OK', 'OK', 'OK']);

    const list = (await t.app.inject({ url: '/api/v1/kyc/purchase/list', headers: bearer(token) })).json() as {
      list: Array<{ id: string; display: string }>;
    };
    expect(list).toEqual({
      list: [{ id: expect.any(String), display: 'Park Jisoo (Individual)', isDefault: true }],
      defaultSourceOfFunds: null,
    });
    const saveDefault = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/kyc/setting/default', headers: bearer(token), payload });
    const identityId = list.list[0]!.id;
    const setDefault = await saveDefault({ id: identityId, sourceOfFunds: 'SAVINGS' });
    expect(setDefault.statusCode).toBe(200);
    // The saved choice is read back on the next visit, not answered from the request.
    const readBack = await t.app.inject({ url: '/api/v1/kyc/purchase/list', headers: bearer(token) });
    expect(readBack.json()).toEqual({
      list: [{ id: identityId, display: 'Park Jisoo (Individual)', isDefault: true }],
      defaultSourceOfFunds: 'SAVINGS',
    });
    expect((await saveDefault({ id: identityId, sourceOfFunds: 'BUSINESS' })).json()).toMatchObject({
      defaultSourceOfFunds: 'BUSINESS',
    });
    expect(errorCode(await saveDefault({ id: identityId, sourceOfFunds: 'LOTTERY' }))).toBe('VALIDATION_FAILED');
    expect(errorCode(await saveDefault({ id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
    const after = await t.app.inject({ url: '/api/v1/kyc/purchase/list', headers: bearer(token) });
    expect(after.json()).toMatchObject({ defaultSourceOfFunds: 'BUSINESS' });

    const activity = await t.app.inject({ url: '/api/v1/users/me/activities', headers: bearer(token) });
    const types = (activity.json() as { activities: Array<{ type: string; detail: Record<string, string> }> })
      .activities;
    expect(types.filter((event) => event.type === 'KYC_REVIEW_UPDATED').map((event) => event.detail.status)).toEqual([
      'completed',
      'pending',
      'completed',
      'pending',
    ]);
  });

  it('answers the local provider without a token, and refuses a token asked for someone else', async () => {
    const { token } = await enrollUser(t.app, clock, 'token@example.com');
    const mine = await t.app.inject({ method: 'POST', url: '/api/v1/kyc/generate/token', headers: bearer(token) });
    expect(mine.json()).toEqual({ provider: 'local', token: null, sdkUrl: null });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/generate/token',
      headers: bearer(token),
      payload: { userId: 'someone-else' },
    });
    expect(errorCode(other)).toBe('VALIDATION_FAILED');
  });

  it('lets an approved investor ask for investor verification', async () => {
    const { token } = await enrollUser(t.app, clock, 'accredited@example.com');
    const evidence = ((await upload(t.app, token, sampleFiles.pdf)).json() as { id: string }).id;
    const body = {
      basis: 'INCOME',
      details: 'Tax returns 2024 and 2025',
      evidenceFileIds: [evidence],
      isSelfCertified: true,
    };
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/investor',
      headers: bearer(token),
      payload: body,
    });
    expect(errorCode(early)).toBe('KYC_REQUIRED');
    const userId = await submitIdentityFor(t.app, 'accredited@example.com');
    await recordReviewDecision(
      t.app.ctx,
      userId,
      { answer: 'GREEN', message: null },
      { ip: 'operator', userAgent: 't' },
    );
    const uncertified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/investor',
      headers: bearer(token),
      payload: { ...body, isSelfCertified: false },
    });
    expect(errorCode(uncertified)).toBe('VALIDATION_FAILED');
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/investor',
      headers: bearer(token),
      payload: body,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'PENDING', basis: 'INCOME' });
  });
});

interface FakeSumsub {
  server: Server;
  url: string;
  requests: Array<{ path: string; body: string; isSignatureValid: boolean }>;
}

const APP_TOKEN = 'sbx:test-app-token';
const SECRET_KEY = 'test-secret-key-123';
const WEBHOOK_SECRET = 'webhook-secret-456';

/** A stand-in for Sumsub's API that answers only correctly signed requests. */
async function startFakeSumsub(): Promise<FakeSumsub> {
  const requests: FakeSumsub['requests'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const ts = String(request.headers['x-app-access-ts'] ?? '');
      const expected = signRequest(SECRET_KEY, ts, request.method ?? '', request.url ?? '', body);
      const isSignatureValid =
        request.headers['x-app-token'] === APP_TOKEN && request.headers['x-app-access-sig'] === expected;
      requests.push({ path: request.url ?? '', body, isSignatureValid });
      if (!isSignatureValid) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"description":"bad signature"}');
        return;
      }
      const { userId } = JSON.parse(body) as { userId: string };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ token: `sdk-${userId}`, userId }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function webhook(
  app: FastifyInstance,
  event: Record<string, unknown>,
  options: { secret?: string; tamper?: boolean; noDigest?: boolean } = {},
) {
  const raw = Buffer.from(JSON.stringify(event));
  const digest = createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
    .update(raw)
    .digest('hex');
  if (options.tamper) raw[raw.length - 2] = raw[raw.length - 2]! ^ 1;
  return app.inject({
    method: 'POST',
    url: '/api/v1/kyc/webhook/sumsub',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      ...(options.noDigest ? {} : { 'x-payload-digest': digest, 'x-payload-digest-alg': 'HMAC_SHA256_HEX' }),
    },
  });
}

const at = (second: number) => `2026-11-23 10:00:${String(second).padStart(2, '0')}.000`;

describe.each(testEngines())('identity checks with Sumsub on %s', (engine) => {
  let t: TestApp;
  let fake: FakeSumsub;
  const clock = createClock(Date.parse('2026-11-23T09:00:00.000Z'));
  let productId: number;
  beforeAll(async () => {
    fake = await startFakeSumsub();
    t = await createTestApp(
      engine,
      {
        KYC_PROVIDER: 'sumsub',
        SUMSUB_BASE_URL: fake.url,
        SUMSUB_APP_TOKEN: APP_TOKEN,
        SUMSUB_SECRET_KEY: SECRET_KEY,
        SUMSUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      undefined,
      { now: clock.now },
    );
    productId = await insertProduct(t.db.db, { categoryId: await insertCategory(t.db.db, 'Music'), name: 'Idol tour' });
  });
  afterAll(async () => {
    await t.close();
    fake.server.close();
  });

  it('signs the token request and asks for the signed-in user only', async () => {
    const { token } = await enrollUser(t.app, clock, 'sdk@example.com');
    const userId = (await me(t.app, token)).userPayload.id;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/kyc/generate/token', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ provider: 'sumsub', token: `sdk-${userId}` });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/resources/accessTokens/sdk', isSignatureValid: true });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ userId, levelName: 'basic-kyc-level' });
    const forOther = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/generate/token',
      headers: bearer(token),
      payload: { externalUserId: 'victim' },
    });
    expect(errorCode(forOther)).toBe('VALIDATION_FAILED');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/kyc/generate/token' });
    expect(errorCode(anonymous)).toBe('UNAUTHORIZED');
  });

  it('maps every review status and answer to the profile and the KYC group', async () => {
    const { token } = await enrollUser(t.app, clock, 'mapping@example.com');
    const userId = (await me(t.app, token)).userPayload.id;
    const cases = [
      { reviewStatus: 'init', identity: 'NONE' },
      { reviewStatus: 'pending', identity: 'INPROGRESS' },
      { reviewStatus: 'prechecked', identity: 'INPROGRESS' },
      { reviewStatus: 'queued', identity: 'INPROGRESS' },
      { reviewStatus: 'onHold', identity: 'INPROGRESS' },
      { reviewStatus: 'completed', answer: 'RED', rejectType: 'RETRY', identity: 'RED' },
      { reviewStatus: 'completed', answer: 'RED', rejectType: 'FINAL', identity: 'RED' },
      { reviewStatus: 'completed', answer: 'GREEN', identity: 'GREEN' },
    ] as const;
    let second = 0;
    for (const entry of cases) {
      second += 1;
      const answer = 'answer' in entry ? entry.answer : undefined;
      const response = await webhook(t.app, {
        type: entry.reviewStatus === 'completed' ? 'applicantReviewed' : 'applicantPending',
        applicantId: 'applicant-1',
        externalUserId: userId,
        reviewStatus: entry.reviewStatus,
        createdAtMs: at(second),
        ...(answer
          ? {
              reviewResult: {
                reviewAnswer: answer,
                ...('rejectType' in entry ? { reviewRejectType: entry.rejectType } : {}),
              },
            }
          : {}),
      });
      expect(response.json(), entry.reviewStatus).toEqual({ status: 'applied' });
      const profile = await me(t.app, token);
      expect(profile.userPayload.kycStatus, JSON.stringify(entry)).toBe(entry.identity);
      expect(profile.kycPayload).toMatchObject({
        reviewStatus: entry.reviewStatus,
        reviewAnswer: answer ?? null,
        rejectType: 'rejectType' in entry ? entry.rejectType : null,
      });
      const detail = await t.app.inject({ url: `/api/v1/products/${productId}`, headers: bearer(token) });
      expect(detail.statusCode === 200 ? 'OK' : errorCode(detail)).toBe(
        entry.identity === 'GREEN' ? 'OK' : 'KYC_REQUIRED',
      );
    }
  });

  it('refuses a bad digest, a changed byte and a missing header before reading the body', async () => {
    const { token } = await enrollUser(t.app, clock, 'forged@example.com');
    const userId = (await me(t.app, token)).userPayload.id;
    const event = {
      type: 'applicantReviewed',
      externalUserId: userId,
      reviewStatus: 'completed',
      createdAtMs: at(1),
      reviewResult: { reviewAnswer: 'GREEN' },
    };
    for (const options of [{ secret: 'wrong-secret-000' }, { tamper: true }, { noDigest: true }]) {
      const response = await webhook(t.app, event, options);
      expect(response.statusCode, JSON.stringify(options)).toBe(401);
      expect(errorCode(response)).toBe('SIGNATURE_INVALID');
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/webhook/sumsub',
      payload: 'not json',
      headers: { 'content-type': 'text/plain', 'x-payload-digest': 'zz' },
    });
    expect(errorCode(garbage)).toBe('SIGNATURE_INVALID');
    expect((await me(t.app, token)).userPayload.kycStatus).toBe('NONE');
  });

  it('applies a replay once, ignores older events, and GREEN then RED blocks investing again', async () => {
    const { token } = await enrollUser(t.app, clock, 'ordered@example.com');
    const userId = (await me(t.app, token)).userPayload.id;
    const green = {
      type: 'applicantReviewed',
      externalUserId: userId,
      reviewStatus: 'completed',
      createdAtMs: at(20),
      reviewResult: { reviewAnswer: 'GREEN' },
    };
    expect((await webhook(t.app, green)).json()).toEqual({ status: 'applied' });
    expect((await webhook(t.app, green)).json()).toEqual({ status: 'duplicate' });
    // Delivered late: a pending event created before the decision changes nothing.
    const late = { type: 'applicantPending', externalUserId: userId, reviewStatus: 'pending', createdAtMs: at(10) };
    expect((await webhook(t.app, late)).json()).toEqual({ status: 'stale' });
    expect((await me(t.app, token)).userPayload.kycStatus).toBe('GREEN');
    expect((await t.app.inject({ url: `/api/v1/products/${productId}`, headers: bearer(token) })).statusCode).toBe(200);

    const red = {
      type: 'applicantReviewed',
      externalUserId: userId,
      reviewStatus: 'completed',
      createdAtMs: at(30),
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', moderationComment: 'Document reported stolen.' },
    };
    expect((await webhook(t.app, red)).json()).toEqual({ status: 'applied' });
    expect((await me(t.app, token)).kycPayload).toEqual({
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      rejectType: 'FINAL',
      reviewMessage: 'Document reported stolen.',
    });
    const blocked = await t.app.inject({ url: `/api/v1/products/${productId}`, headers: bearer(token) });
    expect(errorCode(blocked)).toBe('KYC_REQUIRED');
    const unknown = { ...green, externalUserId: 'no-such-user', createdAtMs: at(40) };
    expect((await webhook(t.app, unknown)).json()).toEqual({ status: 'ignored' });
  });
});
