import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditListSchema, reviewSubmissionSchema, waitingReviewListSchema } from '../../src/domain/operator-console';
import { storeUpload } from '../../server/modules/kyc/files';
import { submitIdentity } from '../../server/modules/kyc/service';
import { setProductSeller } from '../../server/modules/products/sellers';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { sampleFiles } from '../helpers/kyc';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };

describe.each(testEngines())('the operator console reads on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-25T09:00:00.000Z'));
  let admin: Investor;
  let seller: Investor;
  let investor: Investor;
  let applicant: Investor;
  let frontId: string;
  let seq = 0;

  async function staff(role: 'ADMIN' | 'SELLER'): Promise<Investor> {
    const person = await createInvestor(t.app, `staff${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, role, META);
    return person;
  }

  const get = (who: Investor, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

  async function viewings() {
    const rows = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'actor', 'detail', 'created_at'])
      .where('type', '=', 'KYC_DOCUMENT_VIEWED')
      .execute();
    return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail ?? '{}') as Record<string, string> }));
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { RATE_LIMIT_MAX: '1000000', ORDER_EXPIRY_SWEEP_SECONDS: '0', APPROVAL_EXPIRY_SWEEP_SECONDS: '0' },
      undefined,
      { now: clock.now },
    );
    admin = await staff('ADMIN');
    seller = await staff('SELLER');
    investor = await createInvestor(t.app, 'investor@example.com');
    const product = await createSaleProduct(t.app, { name: 'Seller project' });
    await setProductSeller(
      t.app.ctx,
      { email: seller.email, productId: product.productId, assigned: true, operator: 'test' },
      META,
    );
    applicant = await createInvestor(t.app, 'applicant@example.com', { approve: false });
    const front = await storeUpload(t.app.ctx, { user: { id: applicant.userId } }, sampleFiles.pdf);
    const selfie = await storeUpload(t.app.ctx, { user: { id: applicant.userId } }, sampleFiles.jpeg);
    frontId = front.id;
    clock.advance(60_000);
    await submitIdentity(
      t.app.ctx,
      { user: { id: applicant.userId } },
      {
        legalName: 'Park Jisoo',
        dateOfBirth: '1990-01-01',
        countryOfResidence: 'KR',
        investorType: 'INDIVIDUAL',
        documentType: 'PASSPORT',
        frontFileId: front.id,
        selfieFileId: selfie.id,
      },
      META,
    );
    clock.advance(60_000);
  });
  afterAll(() => t.close());

  it('lists the waiting submission with its documents and history to an admin', async () => {
    const queue = await get(admin, '/api/v1/operator/reviews');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.headers['cache-control']).toBe('no-store');
    const waiting = waitingReviewListSchema.parse(queue.json()).reviews;
    expect(waiting).toEqual([
      expect.objectContaining({ kind: 'IDENTITY', userId: applicant.userId, email: applicant.email }),
    ]);

    const detail = await get(admin, `/api/v1/operator/reviews/${applicant.userId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const submission = reviewSubmissionSchema.parse(detail.json());
    expect(submission.identity).toMatchObject({ legalName: 'Park Jisoo', status: 'pending', documentType: 'PASSPORT' });
    expect(submission.files.map((file) => [file.usedAs, file.contentType]).sort()).toEqual([
      ['FRONT', 'application/pdf'],
      ['SELFIE', 'image/jpeg'],
    ]);
    expect(submission.history.map((event) => event.type)).toContain('KYC_REVIEW_UPDATED');
  });

  it('serves a document only to an admin, no-store, and records who looked at whose document', async () => {
    const url = `/api/v1/operator/reviews/${applicant.userId}/files/${frontId}`;
    expect(await viewings()).toEqual([]);

    for (const who of [investor, seller, applicant]) {
      const refused = await get(who, url);
      expect(refused.statusCode).toBe(403);
      expect(errorCode(refused)).toBe('ROLE_REQUIRED');
      expect(refused.body).not.toContain('%PDF');
    }
    expect(await viewings()).toEqual([]);

    const seen = await get(admin, url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('application/pdf');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.rawPayload.equals(sampleFiles.pdf)).toBe(true);
    const recorded = await viewings();
    expect(recorded).toEqual([
      {
        user_id: applicant.userId,
        actor: 'operator',
        detail: {
          fileId: frontId,
          usedAs: 'FRONT',
          operator: `operator:${admin.email}`,
          operatorUserId: admin.userId,
        },
        created_at: clock.now().toISOString(),
      },
    ]);

    // Another person's file under this applicant's id is not there, and nothing is recorded.
    const other = await storeUpload(t.app.ctx, { user: { id: investor.userId } }, sampleFiles.png);
    const mixed = await get(admin, `/api/v1/operator/reviews/${applicant.userId}/files/${other.id}`);
    expect(errorCode(mixed)).toBe('NOT_FOUND');
    expect(await viewings()).toHaveLength(1);

    // Refusals never ended a session.
    for (const who of [investor, seller, applicant]) {
      expect((await get(who, '/api/v1/users/me')).statusCode).toBe(200);
    }
  });

  it('refuses the console reads to an investor and to a seller, keeping their sessions', async () => {
    const urls = [
      '/api/v1/operator/reviews',
      `/api/v1/operator/reviews/${applicant.userId}`,
      '/api/v1/operator/audit',
      `/api/v1/operator/audit?subject=${applicant.userId}`,
    ];
    for (const who of [investor, seller]) {
      for (const url of urls) {
        const refused = await get(who, url);
        expect(refused.statusCode, url).toBe(403);
        expect(errorCode(refused), url).toBe('ROLE_REQUIRED');
        expect(refused.body).not.toContain(applicant.email);
      }
      expect((await get(who, '/api/v1/users/me')).statusCode).toBe(200);
    }
  });

  it('lists the audit log with each step’s actor, filtered and a page at a time', async () => {
    clock.advance(60_000);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/operator/identity-reviews/${applicant.userId}/decision`,
      headers: admin.headers,
      payload: { answer: 'GREEN' },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const list = async (query: string) => {
      const response = await get(admin, `/api/v1/operator/audit${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return auditListSchema.parse(response.json());
    };
    const about = await list(`?subject=applicant@EXAMPLE`);
    expect(about.events.every((event) => event.userId === applicant.userId)).toBe(true);
    expect(about.events.slice(0, 2).map((event) => [event.type, event.actor, event.actorLabel])).toEqual([
      ['KYC_REVIEW_UPDATED', 'operator', `operator:${admin.email}`],
      ['KYC_DOCUMENT_VIEWED', 'operator', `operator:${admin.email}`],
    ]);

    const byAdmin = await list(`?actor=${encodeURIComponent(admin.email)}`);
    expect(byAdmin.events.map((event) => event.type).sort()).toEqual(['KYC_DOCUMENT_VIEWED', 'KYC_REVIEW_UPDATED']);
    expect((await list('?actor=system')).events.every((event) => event.actor === 'system')).toBe(true);

    const reviews = await list('?action=kyc_review');
    expect(reviews.events.length).toBeGreaterThanOrEqual(2);
    expect(reviews.events.every((event) => event.type.startsWith('KYC_REVIEW'))).toBe(true);
    // A wildcard in the filter is taken literally.
    expect((await list('?action=%25')).events).toEqual([]);

    const day = clock.now().toISOString().slice(0, 10);
    expect((await list(`?from=${day}&to=${day}&subject=${applicant.userId}`)).events.length).toBe(about.events.length);
    expect((await list(`?to=2026-11-24`)).events).toEqual([]);

    // Pages follow each other without repeating or skipping an event.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `?subject=${applicant.userId}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.events.map((event) => event.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(about.events.map((event) => event.id));
    expect(errorCode(await get(admin, '/api/v1/operator/audit?cursor=nonsense'))).toBe('VALIDATION_FAILED');
  });
});
