import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../server/cli/commands';
import { replaceDocument } from '../../server/modules/documents/service';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { allowProductForUser } from '../../server/modules/products/service';
import type { RouteEntry } from '../../server/plugins/route-table';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/investors';

const OPERATOR = { ip: 'operator', userAgent: 'test operator' };

/** The records of one project a project-scoped path can name besides the project itself. */
interface ProjectRecords {
  productId: number;
  documentId: number;
  noticeId: number;
  threadId: number;
  answerId: number;
  proposalId: number;
  agendaId: number;
}

type Scope = { in: 'params' | 'querystring' | 'body'; field: string; use: string };

/**
 * Where a route names a project: what the route table says (read off the route's schema), and,
 * so that a route whose project id escaped that reading still counts, any path or body field
 * that names a project: `:productId`, `/products/:id…`, a body's `productId`.
 */
function scopeOf(entry: RouteEntry): Scope | null {
  const declared = (entry as { project?: Scope | null }).project;
  if (declared) return declared;
  if (/\/:productId(\/|$)/.test(entry.url)) return { in: 'params', field: 'productId', use: 'see' };
  if (/^\/api\/v1\/products\/:id(\/|$)/.test(entry.url)) return { in: 'params', field: 'id', use: 'see' };
  if (entry.bodyFields.includes('productId')) return { in: 'body', field: 'productId', use: 'see' };
  if (entry.queryFields.includes('productId')) return { in: 'querystring', field: 'productId', use: 'see' };
  return null;
}

/** The path with every parameter filled in with a real record of the project, so only access can refuse. */
function pathFor(entry: RouteEntry, scope: Scope, records: ProjectRecords): string {
  const segments = entry.url.split('/');
  return segments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      if (scope.in === 'params' && name === scope.field) return String(records.productId);
      if (name === 'documentId') return String(records.documentId);
      if (name === 'version') return '2';
      const byCollection: Record<string, number> = {
        notices: records.noticeId,
        threads: records.threadId,
        posts: records.threadId,
        answers: records.answerId,
        proposals: records.proposalId,
        agendas: records.agendaId,
      };
      return String(byCollection[segments[index - 1]!] ?? 1);
    })
    .join('/');
}

describe.each(testEngines())('the project-access rule on every project-scoped route, %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T09:00:00.000Z'));
  let holder: Investor;
  let outsider: Investor;
  let allowed: Investor;
  let restricted: ProjectRecords;
  let hidden: ProjectRecords;
  let open: ProjectRecords;
  const run = (name: string, args: string[]) => commands[name]!.run(t.app.ctx, args);

  /** A shown, open project with a notice, a thread and its answer, a proposal, an agenda and stored document versions. */
  async function projectWithRecords(name: string): Promise<ProjectRecords> {
    const { productId } = await createSaleProduct(t.app, {
      name,
      communitySections: [
        { type: 'UPDATE', viewType: 'PRE_KYC' },
        { type: 'DISCUSSION', viewType: 'POST_KYC' },
        { type: 'PROPOSAL', viewType: 'POST_KYC' },
        { type: 'AGENDA', viewType: 'POST_KYC' },
      ],
    });
    await appendHoldingEntry(t.db.db, {
      productId,
      userId: holder.userId,
      quantity: 50,
      reason: 'DISTRIBUTION',
      orderId: null,
      note: 'test holding',
      at: clock.now().toISOString(),
    });
    clock.advance(1000);
    const noticeId = Number(/notice (\d+)/.exec(await run('notice:post', [String(productId), 'Venue', 'Booked.']))![1]);
    const agendaId = Number(
      /agenda (\d+)/.exec(
        await run('agenda:open', [String(productId), '+2h', '0', '50', 'Budget', 'Approve.', 'Yes', 'No']),
      )![1],
    );
    const sectionId = Number(
      (
        await t.db.db
          .selectFrom('product_community_sections')
          .select('id')
          .where('product_id', '=', productId)
          .where('type', '=', 'DISCUSSION')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const base = `/api/v1/governance/${productId}`;
    const thread = await t.app.inject({
      method: 'POST',
      url: `${base}/threads`,
      headers: holder.headers,
      payload: { sectionId, title: 'Setlist', body: '<p>Which songs?</p>' },
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = thread.json().id as number;
    const answer = await t.app.inject({
      method: 'POST',
      url: `${base}/threads/${threadId}/answers`,
      headers: holder.headers,
      payload: { body: '<p>The old ones.</p>' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const proposal = await t.app.inject({
      method: 'POST',
      url: `${base}/proposals`,
      headers: holder.headers,
      payload: {
        title: 'Encore',
        body: 'One more song.',
        options: ['Yes', 'No'],
        endsAt: new Date(clock.ms + 2 * 3600_000).toISOString(),
        quorumPercent: 10,
        thresholdPercent: 50,
        resultsVisibleBeforeClose: false,
      },
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const documentId = Number(
      (
        await t.db.db
          .selectFrom('product_documents')
          .select('id')
          .where('product_id', '=', productId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // Two stored versions, so version 2 is an earlier version kept privately in the data folder.
    const folder = mkdtempSync(path.join(tmpdir(), 'moa-versions-'));
    for (const version of [2, 3]) {
      const file = path.join(folder, `terms-v${version}.pdf`);
      writeFileSync(file, `%PDF-1.4 version ${version} of ${name}`);
      await replaceDocument(t.app.ctx, {
        productId,
        documentId,
        bytes: readFileSync(file),
        note: null,
        editor: { userId: null, label: 'test', meta: OPERATOR },
      });
    }
    return {
      productId,
      documentId,
      noticeId,
      threadId,
      answerId: answer.json().id as number,
      proposalId: proposal.json().id as number,
      agendaId,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '100000',
        GOVERNANCE_WRITE_RATE_LIMIT_MAX: '100000',
        GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
        ORDER_EXPIRY_SWEEP_SECONDS: '0',
      },
      undefined,
      { now: clock.now },
    );
    holder = await createInvestor(t.app, 'holder@example.com');
    outsider = await createInvestor(t.app, 'outsider@example.com');
    allowed = await createInvestor(t.app, 'allowed@example.com');
    restricted = await projectWithRecords('Private series');
    hidden = await projectWithRecords('Withdrawn series');
    open = await projectWithRecords('Open series');
    // The projects change after their records exist, as an operator's change would.
    await t.db.db.updateTable('products').set({ is_restricted: 1 }).where('id', '=', restricted.productId).execute();
    await t.db.db.updateTable('products').set({ hide_status: 'HIDE' }).where('id', '=', hidden.productId).execute();
    await allowProductForUser(t.app.ctx, restricted.productId, allowed.userId, 'operator@moa.localhost', OPERATOR);
  });
  afterAll(() => t.close());

  /** Every project-scoped route of the running app (HEAD is GET's twin), with where it names its project. */
  const scopedRoutes = () =>
    t.app.routeTable
      .filter((entry) => entry.method !== 'HEAD')
      .map((entry) => ({ entry, scope: scopeOf(entry) }))
      .filter((route): route is { entry: RouteEntry; scope: Scope } => route.scope !== null);
  /**
   * The routes the rule is for: all of them but the filters of the caller's own records, and
   * the operator's, which refuse anyone without the role first (walked in operator.test.ts, with
   * a seller outside its projects).
   */
  const guardedRoutes = () =>
    scopedRoutes().filter(
      ({ entry, scope }) => scope.use !== 'own-records' && !entry.url.startsWith('/api/v1/operator/'),
    );

  const call = (entry: RouteEntry, scope: Scope, records: ProjectRecords, who: Investor) => {
    const payload = scope.in === 'body' ? { [scope.field]: records.productId } : entry.hasBodySchema ? {} : undefined;
    return t.app.inject({
      method: entry.method as 'GET',
      url: pathFor(entry, scope, records),
      query: scope.in === 'querystring' ? { [scope.field]: String(records.productId) } : undefined,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  };

  it('finds the project-scoped routes in the route table, wherever they carry the project', () => {
    const routes = scopedRoutes();
    const keys = routes.map(({ entry }) => `${entry.method} ${entry.url}`);
    // A sample of each kind, so the walk below cannot pass by finding nothing.
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/v1/products/:id',
        'POST /api/v1/products/subscribe',
        'POST /api/v1/products/:id/investors',
        'POST /api/v1/products/:id/sign',
        'GET /api/v1/products/:id/documents/:documentId/versions/:version',
        'GET /api/v1/governance/:productId/notices/:id',
        'POST /api/v1/governance/:productId/threads',
        'GET /api/v1/claim/check',
        'POST /api/v1/claim/gift',
        'PUT /api/v1/notifications/preferences',
      ]),
    );
    // Every route whose path, query or body names a project was found by the schema reading too.
    for (const { entry } of routes) expect(entry.project, `${entry.method} ${entry.url}`).not.toBeNull();
    // The only routes left out are filters of the caller's own records, each named here on purpose.
    expect(
      routes.filter(({ scope }) => scope.use === 'own-records').map(({ entry }) => `${entry.method} ${entry.url}`),
    ).toEqual(['GET /api/v1/users/me/orders', 'GET /api/v1/users/me/revenues']);
  });

  it('refuses an investor not on a restricted project’s allowed list on every project-scoped route', async () => {
    const leaks: string[] = [];
    for (const { entry, scope } of guardedRoutes()) {
      const response = await call(entry, scope, restricted, outsider);
      const code = errorCode(response);
      // Asking to be let in is the one thing a restricted project leaves open.
      const expected =
        scope.use === 'ask'
          ? code !== 'WHITELIST_REQUIRED' && response.statusCode < 400
          : code === 'WHITELIST_REQUIRED';
      if (!expected || (scope.use !== 'ask' && response.statusCode !== 403)) {
        leaks.push(`${entry.method} ${entry.url} -> ${response.statusCode} ${code ?? response.body.slice(0, 80)}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('answers a hidden project as a missing one on every project-scoped route', async () => {
    const leaks: string[] = [];
    for (const { entry, scope } of guardedRoutes()) {
      for (const who of [outsider, holder]) {
        const response = await call(entry, scope, hidden, who);
        if (response.statusCode !== 404 || errorCode(response) !== 'NOT_FOUND') {
          leaks.push(
            `${who.email} ${entry.method} ${entry.url} -> ${response.statusCode} ${response.body.slice(0, 80)}`,
          );
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses the same on HEAD, the twin Fastify adds to every GET', async () => {
    const heads = t.app.routeTable
      .filter((entry) => entry.method === 'HEAD')
      .map((entry) => ({ entry, scope: scopeOf(entry) }))
      .filter((route): route is { entry: RouteEntry; scope: Scope } => route.scope !== null)
      .filter(({ scope }) => scope.use !== 'own-records')
      // The operator's reads refuse anyone without the role first (operator-projects.test.ts).
      .filter(({ entry }) => !entry.url.startsWith('/api/v1/operator/'));
    expect(heads.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    for (const { entry, scope } of heads) {
      const hiddenStatus = (await call(entry, scope, hidden, outsider)).statusCode;
      const restrictedStatus = (await call(entry, scope, restricted, outsider)).statusCode;
      const wanted = scope.use === 'ask' ? 200 : 403;
      if (hiddenStatus !== 404 || restrictedStatus !== wanted) {
        leaks.push(`HEAD ${entry.url} -> hidden ${hiddenStatus}, restricted ${restrictedStatus}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('keeps holders in what they hold, and the allowed list in all of it, but invests only from the list', async () => {
    const base = `/api/v1/governance/${restricted.productId}`;
    for (const who of [holder, allowed]) {
      for (const url of [
        `${base}/notices`,
        `${base}/notices/${restricted.noticeId}`,
        `${base}/threads/${restricted.threadId}`,
        `${base}/proposals/${restricted.proposalId}`,
        `/api/v1/products/${restricted.productId}`,
        `/api/v1/products/${restricted.productId}/documents/${restricted.documentId}/versions/2`,
        `/api/v1/claim/check?id=${restricted.productId}`,
      ]) {
        const response = await t.app.inject({ url, headers: who.headers });
        expect(response.statusCode, `${who.email} ${url}: ${response.body.slice(0, 120)}`).toBe(200);
      }
    }
    const invest = (who: Investor) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${restricted.productId}/investors`,
        headers: who.headers,
        payload: { quantity: 1, payMethodId: 1 },
      });
    expect(errorCode(await invest(holder))).toBe('WHITELIST_REQUIRED');
    expect(errorCode(await invest(allowed))).not.toBe('WHITELIST_REQUIRED');
  });

  it('never reaches a restricted or hidden project’s records through an open project’s path', async () => {
    const base = `/api/v1/governance/${open.productId}`;
    for (const records of [restricted, hidden]) {
      for (const url of [
        `${base}/notices/${records.noticeId}`,
        `${base}/threads/${records.threadId}`,
        `${base}/proposals/${records.proposalId}`,
        `${base}/agendas/${records.agendaId}`,
        `/api/v1/products/${open.productId}/documents/${records.documentId}/versions/2`,
      ]) {
        const response = await t.app.inject({ url, headers: outsider.headers });
        expect(response.statusCode, url).toBe(404);
      }
    }
  });
});
