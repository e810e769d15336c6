import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectImageSchema } from '../../src/domain/project-documents';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { OUTBOX_FILE } from '../../server/mail/mailer';
import { revealBankAccountNumber } from '../../server/modules/account/bank-details';
import { findUserByEmail } from '../../server/modules/users/records-repository';
import { changeUserRole } from '../../server/modules/users/service';
import { generateVapidKeys, secretsFor } from '../../server/secrets';
import { createDiskStore, FileExistsError, type FileStore } from '../../server/storage/files';
import { createS3Store } from '../../server/storage/s3';
import { bearer, codeAt, createClock, enrollUser } from '../helpers/auth';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import { approveIdentity, sampleFiles } from '../helpers/kyc';
import { createInvestor, createSaleProduct, orderOk, signOrder } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };
const BUCKETS = ['moa-store', 'moa-sqlite', 'moa-postgres'];

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3(BUCKETS);
});
afterAll(async () => {
  await s3?.close();
});

function multipart(bytes: Buffer) {
  const boundary = '----moa-storage-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe.each(['data folder', 'bucket'] as const)('the file store in a %s', (kind) => {
  let store: FileStore;
  beforeAll(async () => {
    store =
      kind === 'bucket'
        ? await createS3Store(parseConfig({ S3_URL: s3.urlOf('moa-store') }).s3!)
        : createDiskStore(mkdtempSync(path.join(tmpdir(), 'moa-store-')));
  });
  afterAll(() => store?.close());

  it('writes a file once, reads it back, moves, lists and deletes it', async () => {
    const bytes = randomBytes(3000);
    await store.put('sign-files/pending/a.pdf', bytes, { readOnly: true });
    expect((await store.get('sign-files/pending/a.pdf'))?.equals(bytes)).toBe(true);
    expect(await store.exists('sign-files/pending/a.pdf')).toBe(true);
    await expect(store.put('sign-files/pending/a.pdf', Buffer.from('other'))).rejects.toBeInstanceOf(FileExistsError);
    expect((await store.get('sign-files/pending/a.pdf'))?.equals(bytes)).toBe(true);

    await store.put('sign-files/pending/b.pdf', Buffer.from('b'));
    const listed = await store.list('sign-files/pending');
    expect(listed.map((file) => file.key).sort()).toEqual(['sign-files/pending/a.pdf', 'sign-files/pending/b.pdf']);
    for (const file of listed) expect(file.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);

    expect(await store.move('sign-files/pending/a.pdf', 'sign-files/user-1/a.pdf')).toBe(true);
    expect(await store.move('sign-files/pending/a.pdf', 'sign-files/user-1/a.pdf')).toBe(false);
    expect(await store.get('sign-files/pending/a.pdf')).toBeNull();
    expect((await store.get('sign-files/user-1/a.pdf'))?.equals(bytes)).toBe(true);
    expect((await store.list('sign-files/pending')).map((file) => file.key)).toEqual(['sign-files/pending/b.pdf']);

    await store.delete('sign-files/pending/b.pdf');
    await store.delete('sign-files/pending/b.pdf');
    expect(await store.exists('sign-files/pending/b.pdf')).toBe(false);
    expect(await store.list('nothing-here')).toEqual([]);
  });

  it('refuses keys that could climb out of its folder', async () => {
    for (const key of ['../secrets.json', 'a/../../b', '/etc/passwd', 'a//b', '']) {
      await expect(store.get(key)).rejects.toThrow(/Not a storage key/);
    }
  });
});

describe.each(testEngines())('files in a bucket, two app instances on %s', (engine) => {
  const bucket = `moa-${engine}`;
  const clock = createClock(Date.parse('2026-11-27T09:00:00.000Z'));
  const vapid = generateVapidKeys();
  const env = {
    NODE_ENV: 'test',
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    UPLOAD_RATE_LIMIT_MAX: '1000',
    ORDER_EXPIRY_SWEEP_SECONDS: '0',
    APPROVAL_EXPIRY_SWEEP_SECONDS: '0',
    REVENUE_SWEEP_SECONDS: '0',
    GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
    PUSH_SWEEP_INTERVAL_MS: '0',
    TOKEN_SIGNING_KEY: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(48).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  let db: TestDb;
  const apps: FastifyInstance[] = [];
  const dataDirs: string[] = [];

  /** An app as main.ts builds it, on the shared database, with an empty data folder of its own. */
  async function instance(extra: Record<string, string> = {}): Promise<FastifyInstance> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-instance-'));
    dataDirs.push(dataDir);
    const config = parseConfig({ ...env, S3_URL: s3.urlOf(bucket), DATA_DIR: dataDir, ...extra });
    const app = await buildApp({ config, secrets: secretsFor(config), db, logger: false, now: clock.now });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps what one instance stored in the bucket, where another with an empty data folder reads it', async () => {
    const first = await instance();

    // An identity document, through the API of the first instance.
    const email = `storage-${engine}@example.com`;
    const enrolled = await enrollUser(first, clock, email);
    const body = multipart(sampleFiles.jpeg);
    const uploaded = await first.inject({
      method: 'POST',
      url: '/api/v1/kyc/files',
      payload: body.payload,
      headers: { ...bearer(enrolled.token), 'content-type': body.contentType },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = (uploaded.json() as { id: string }).id;
    const userId = (await findUserByEmail(first.ctx.db, email))!.id;

    // Bank details, sealed with the data encryption key by the first instance.
    await approveIdentity(first, email);
    clock.advance(30_000);
    const saved = await first.inject({
      method: 'PUT',
      url: '/api/v1/users/me/bank-details',
      headers: bearer(enrolled.token),
      payload: {
        bankName: 'Hana Bank',
        holderName: 'Kim Mina',
        accountNumber: '123-456-789012',
        code: codeAt(enrolled.secret, clock.now()),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // A project image from the console, and a signed contract.
    const admin = await createInvestor(first, `storage-admin-${engine}@example.com`, { approve: false });
    await changeUserRole(first.ctx, admin.userId, 'ADMIN', META);
    const { productId, accountMethodId } = await createSaleProduct(first);
    const image = multipart(sampleFiles.png);
    const imageResponse = await first.inject({
      method: 'POST',
      url: `/api/v1/operator/projects/${productId}/images`,
      payload: image.payload,
      headers: { ...admin.headers, 'content-type': image.contentType },
    });
    expect(imageResponse.statusCode, imageResponse.body).toBe(201);
    const imageUrl = projectImageSchema.parse(imageResponse.json()).url;
    const investor = await createInvestor(first, `storage-investor-${engine}@example.com`);
    const order = await orderOk(first, investor, productId, { quantity: 2, payMethodId: accountMethodId });
    const signed = await signOrder(first, investor, order);
    expect(signed.statusCode, signed.body).toBe(200);
    const signFileId = (signed.json() as { signFileId: string }).signFileId;

    // Everything is in the bucket under the data folder's old layout; the data folder holds no file.
    const keys = await s3.keys(bucket);
    expect(keys).toContain(`kyc-uploads/${userId}/${fileId}`);
    expect(keys).toContain(`project-images/${imageUrl.split('/').pop()}`);
    expect(keys).toContain(`sign-files/${investor.userId}/${signFileId}.pdf`);
    expect(keys.filter((key) => key.startsWith('sign-files/pending/'))).toEqual([]);
    // Nothing but the development mail outbox (no SMTP here): no upload, no secrets file.
    expect(filesUnder(first.ctx.config.dataDir).filter((file) => file !== OUTBOX_FILE)).toEqual([]);

    // A second instance: its own empty data folder, the same database, bucket and secrets.
    const second = await instance();
    expect(filesUnder(second.ctx.config.dataDir)).toEqual([]);
    const download = await second.inject({ url: `/api/v1/kyc/files/${fileId}`, headers: bearer(enrolled.token) });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(sampleFiles.jpeg)).toBe(true);
    const served = await second.inject({ url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(sampleFiles.png)).toBe(true);
    const contract = await second.inject({
      url: `/api/v1/users/me/sign-files/${signFileId}`,
      headers: investor.headers,
    });
    expect(contract.statusCode, contract.body).toBe(200);
    expect(contract.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await revealBankAccountNumber(second.ctx, userId)).toBe('123456789012');

    // The control: an instance with a key of its own opens none of it, and one without the
    // bucket finds none of the files.
    const stranger = await instance({ DATA_ENCRYPTION_KEY: randomBytes(48).toString('base64url') });
    await expect(revealBankAccountNumber(stranger.ctx, userId)).rejects.toThrow();
    const local = mkdtempSync(path.join(tmpdir(), 'moa-instance-'));
    dataDirs.push(local);
    const diskConfig = parseConfig({ ...env, DATA_DIR: local });
    const diskOnly = await buildApp({
      config: diskConfig,
      secrets: secretsFor(diskConfig),
      db,
      logger: false,
      now: clock.now,
    });
    apps.push(diskOnly);
    expect((await diskOnly.inject({ url: imageUrl })).statusCode).toBe(404);
  });
});
