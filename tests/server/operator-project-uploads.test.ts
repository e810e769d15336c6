import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operatorDocumentListSchema, projectImageSchema } from '../../src/domain/project-documents';
import { productDetailSchema } from '../../src/domain/products';
import { operatorProjectSchema } from '../../src/domain/project-editing';
import { setProductSeller } from '../../server/modules/products/sellers';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { sampleFiles } from '../helpers/kyc';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };
const MAX_BYTES = 64 * 1024;

/** A multipart body: text fields first, then the one file. */
function multipart(bytes: Buffer, fields: Record<string, string> = {}, type = 'application/octet-stream') {
  const boundary = '----moa-project-upload';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testEngines())('project images and documents uploaded in the console on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-25T09:00:00.000Z'));
  let admin: Investor;
  let seller: Investor;
  let investor: Investor;
  let assignedId: number;
  let otherId: number;
  let seq = 0;

  async function staff(role: 'ADMIN' | 'SELLER'): Promise<Investor> {
    const person = await createInvestor(t.app, `uploadstaff${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, role, META);
    return person;
  }
  const upload = (who: Investor, url: string, bytes: Buffer, fields: Record<string, string> = {}) => {
    const body = multipart(bytes, fields);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...who.headers, 'content-type': body.contentType },
    });
  };
  const pdf = (text: string) => Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), Buffer.alloc(100, 7)]);
  async function auditTypes(type: string) {
    const rows = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['type', 'actor', 'user_id', 'detail'])
      .where('type', '=', type)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail ?? '{}') as Record<string, string> }));
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '1000000',
        UPLOAD_RATE_LIMIT_MAX: '1000',
        KYC_UPLOAD_MAX_BYTES: String(MAX_BYTES),
        ORDER_EXPIRY_SWEEP_SECONDS: '0',
        APPROVAL_EXPIRY_SWEEP_SECONDS: '0',
      },
      undefined,
      { now: clock.now },
    );
    admin = await staff('ADMIN');
    seller = await staff('SELLER');
    investor = await createInvestor(t.app, 'upload-investor@example.com');
    assignedId = (await createSaleProduct(t.app, { name: 'Assigned upload project' })).productId;
    otherId = (await createSaleProduct(t.app, { name: 'Another upload project' })).productId;
    await setProductSeller(
      t.app.ctx,
      { email: seller.email, productId: assignedId, assigned: true, operator: 'test' },
      META,
    );
  });
  afterAll(() => t.close());

  it('takes a project image from its seller, serves it publicly under its content’s hash, and the page shows it', async () => {
    const response = await upload(seller, `/api/v1/operator/projects/${assignedId}/images`, sampleFiles.png);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toContain('no-store');
    const { url } = projectImageSchema.parse(response.json());
    expect(url).toMatch(/^\/api\/v1\/project-images\/[0-9a-f]{64}\.png$/);

    // Anyone may load it, and keep it: the address is its content.
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(sampleFiles.png)).toBe(true);

    // The same bytes again are the same address; another image another one.
    const again = projectImageSchema.parse(
      (await upload(admin, `/api/v1/operator/projects/${assignedId}/images`, sampleFiles.png)).json(),
    );
    expect(again.url).toBe(url);
    const jpeg = projectImageSchema.parse(
      (await upload(admin, `/api/v1/operator/projects/${otherId}/images`, sampleFiles.jpeg)).json(),
    );
    expect(jpeg.url).toMatch(/\.jpg$/);
    expect(jpeg.url).not.toBe(url);

    // The address goes into the project's logo; the page (its preview) loads it.
    const project = operatorProjectSchema.parse(
      (await t.app.inject({ url: `/api/v1/operator/projects/${assignedId}`, headers: seller.headers })).json(),
    );
    const {
      id: _id,
      state: _s,
      saleStatus: _ss,
      currency: _c,
      remainingQuantity: _r,
      soldQuantity: _so,
      createdAt: _ca,
      ...body
    } = project;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/operator/projects/${assignedId}`,
      headers: seller.headers,
      payload: { ...body, logo: url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = productDetailSchema.parse(
      (await t.app.inject({ url: `/api/v1/operator/projects/${assignedId}/preview`, headers: seller.headers })).json(),
    );
    expect(preview.logo).toBe(url);

    const audited = await auditTypes('PROJECT_IMAGE_UPLOADED');
    expect(audited.find((row) => row.user_id === seller.userId)).toMatchObject({
      actor: 'operator',
      detail: { productId: String(assignedId), url, operator: `operator:${seller.email}` },
    });
  });

  it('refuses images to investors, to a seller outside its projects, and refuses what is not an image or too large', async () => {
    for (const who of [investor, seller]) {
      const target = who === investor ? assignedId : otherId;
      const refused = await upload(who, `/api/v1/operator/projects/${target}/images`, sampleFiles.png);
      expect(refused.statusCode).toBe(403);
      expect(errorCode(refused)).toBe('ROLE_REQUIRED');
      expect((await t.app.inject({ url: '/api/v1/users/me', headers: who.headers })).statusCode).toBe(200);
    }
    const noSession = await t.app.inject({
      method: 'POST',
      url: `/api/v1/operator/projects/${assignedId}/images`,
      payload: multipart(sampleFiles.png).payload,
      headers: { 'content-type': multipart(sampleFiles.png).contentType },
    });
    expect(noSession.statusCode).toBe(401);

    for (const bytes of [sampleFiles.text, sampleFiles.pdf]) {
      const notImage = await upload(admin, `/api/v1/operator/projects/${assignedId}/images`, bytes);
      expect(notImage.statusCode).toBe(415);
      expect(errorCode(notImage)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const big = await upload(
      admin,
      `/api/v1/operator/projects/${assignedId}/images`,
      Buffer.concat([sampleFiles.png, Buffer.alloc(MAX_BYTES)]),
    );
    expect(big.statusCode).toBe(413);
    expect(errorCode(big)).toBe('PAYLOAD_TOO_LARGE');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/operator/projects/${assignedId}/images`,
      headers: admin.headers,
      payload: {},
    });
    expect(errorCode(json)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const missing = await upload(admin, `/api/v1/operator/projects/999999/images`, sampleFiles.png);
    expect(errorCode(missing)).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: `/api/v1/project-images/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
    expect(errorCode(await t.app.inject({ url: '/api/v1/project-images/..%2F..%2Fsecrets' }))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('lists documents with their history, replaces one with a PDF keeping the history, and adds a new one, audited', async () => {
    const base = `/api/v1/operator/projects/${assignedId}/documents`;
    const before = operatorDocumentListSchema.parse(
      (await t.app.inject({ url: base, headers: seller.headers })).json(),
    ).documents;
    expect(before.map((document) => document.name)).toEqual(['Token terms', 'Offering memorandum']);
    const terms = before[0]!;
    expect(terms.versions).toHaveLength(1);

    const replaced = await upload(seller, `${base}/${terms.id}/versions`, pdf('revised terms'), {
      note: 'Transfer window shortened',
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const afterReplace = operatorDocumentListSchema.parse(replaced.json()).documents;
    const history = afterReplace.find((document) => document.id === terms.id)!.versions;
    expect(history.map((version) => [version.version, version.isCurrent, version.note])).toEqual([
      [2, true, 'Transfer window shortened'],
      [1, false, null],
    ]);
    // Investors download the new version from the project's page; the first stays in its history.
    const detail = productDetailSchema.parse(
      (await t.app.inject({ url: `/api/v1/products/${assignedId}`, headers: investor.headers })).json(),
    );
    const shown = detail.documents.find((document) => document.id === terms.id)!;
    expect(shown.versions?.map((version) => version.version)).toEqual([2, 1]);
    const download = await t.app.inject({ url: history[0]!.url, headers: investor.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.toString('latin1')).toContain('revised terms');

    const added = await upload(admin, base, pdf('use of proceeds'), { name: 'Use of proceeds', note: 'First issue' });
    expect(added.statusCode, added.body).toBe(201);
    const afterAdd = operatorDocumentListSchema.parse(added.json()).documents;
    expect(afterAdd.map((document) => document.name)).toEqual([
      'Token terms',
      'Offering memorandum',
      'Use of proceeds',
    ]);
    const proceeds = afterAdd[2]!;
    expect(proceeds.versions.map((version) => [version.version, version.isCurrent, version.note])).toEqual([
      [1, true, 'First issue'],
    ]);
    expect(proceeds.url).toBe(proceeds.versions[0]!.url);

    const replacedAudit = await auditTypes('DOCUMENT_REPLACED');
    expect(replacedAudit.find((row) => row.user_id === seller.userId)).toMatchObject({
      actor: 'operator',
      detail: {
        productId: String(assignedId),
        documentId: String(terms.id),
        version: '2',
        operator: `operator:${seller.email}`,
        note: 'Transfer window shortened',
      },
    });
    const addedAudit = await auditTypes('DOCUMENT_ADDED');
    expect(addedAudit.find((row) => row.user_id === admin.userId)).toMatchObject({
      detail: { productId: String(assignedId), documentId: String(proceeds.id), name: 'Use of proceeds' },
    });
  });

  it('refuses documents that are not PDFs, too large, unnamed, or of someone else’s project', async () => {
    const base = `/api/v1/operator/projects/${assignedId}/documents`;
    const [terms] = operatorDocumentListSchema.parse(
      (await t.app.inject({ url: base, headers: admin.headers })).json(),
    ).documents;
    const versionsBefore = terms!.versions.length;

    for (const bytes of [sampleFiles.png, sampleFiles.text]) {
      const refused = await upload(admin, `${base}/${terms!.id}/versions`, bytes);
      expect(refused.statusCode).toBe(415);
      expect(errorCode(refused)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const big = await upload(
      admin,
      `${base}/${terms!.id}/versions`,
      Buffer.concat([pdf('big'), Buffer.alloc(MAX_BYTES)]),
    );
    expect(errorCode(big)).toBe('PAYLOAD_TOO_LARGE');
    const unnamed = await upload(admin, base, pdf('unnamed'), { name: '   ' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0].message).toMatch(/^body\.name: /);
    const longNote = await upload(admin, `${base}/${terms!.id}/versions`, pdf('note'), { note: 'n'.repeat(501) });
    expect(longNote.json().errors[0].message).toMatch(/^body\.note: /);
    const unknownDocument = await upload(admin, `${base}/999999/versions`, pdf('nowhere'));
    expect(errorCode(unknownDocument)).toBe('NOT_FOUND');
    // A document of another project is not this project's.
    const [otherDocument] = operatorDocumentListSchema.parse(
      (await t.app.inject({ url: `/api/v1/operator/projects/${otherId}/documents`, headers: admin.headers })).json(),
    ).documents;
    expect(errorCode(await upload(admin, `${base}/${otherDocument!.id}/versions`, pdf('other')))).toBe('NOT_FOUND');

    // Investors and a seller outside its projects are refused, reading and writing.
    for (const [who, target] of [
      [investor, assignedId],
      [seller, otherId],
    ] as const) {
      const url = `/api/v1/operator/projects/${target}/documents`;
      expect(errorCode(await t.app.inject({ url, headers: who.headers }))).toBe('ROLE_REQUIRED');
      expect(errorCode(await upload(who, url, pdf('x'), { name: 'Sneaky' }))).toBe('ROLE_REQUIRED');
      expect(errorCode(await upload(who, `${url}/${otherDocument!.id}/versions`, pdf('x')))).toBe('ROLE_REQUIRED');
    }

    const after = operatorDocumentListSchema.parse(
      (await t.app.inject({ url: base, headers: admin.headers })).json(),
    ).documents;
    expect(after[0]!.versions).toHaveLength(versionsBefore);
    expect(after.map((document) => document.name)).not.toContain('Sneaky');
  });
});
