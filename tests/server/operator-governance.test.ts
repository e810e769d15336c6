import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityListSchema } from '../../src/domain/auth';
import { ballotItemListSchema, noticeListSchema, threadSchema } from '../../src/domain/governance';
import { approvalOutcomeSchema, distributionOutcomeSchema, distributionPreviewSchema } from '../../src/domain/operator';
import {
  changedSchema,
  createdSchema,
  operatorNoticeListSchema,
  operatorVotingListSchema,
  projectChoicesSchema,
  reportedPostListSchema,
} from '../../src/domain/operator-governance';
import { commands } from '../../server/cli/commands';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };
const base = '/api/v1/operator';

describe.each(testEngines())('the console’s governance and revenue on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-27T09:00:00.000Z'));
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let mine = 0;
  let other = 0;
  const sections: Record<number, Record<string, number>> = {};

  const run = (name: string, args: string[]) => commands[name]!.run(t.app.ctx, args);
  const inMinutes = (minutes: number) => new Date(clock.ms + minutes * 60_000).toISOString();
  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(tokens[who]!), ...headers },
      ...(payload ? { payload } : {}),
    });
  const ok = async <T>(response: Awaited<ReturnType<typeof call>>, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  const hold = async (name: string, productId: number, quantity: number) => {
    await appendHoldingEntry(t.db.db, {
      productId,
      userId: ids[name]!,
      quantity,
      reason: 'DISTRIBUTION',
      orderId: null,
      note: 'test holding',
      at: clock.now().toISOString(),
    });
  };
  async function audits(type: string) {
    const rows = await t.db.db
      .selectFrom('audit_events')
      .select(['user_id', 'actor', 'detail'])
      .where('type', '=', type)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail ?? '{}') as Record<string, string> }));
  }
  const agenda = (productId: number, overrides: object = {}) => ({
    productId,
    title: 'Budget for the encore',
    body: 'Shall the encore budget grow?',
    options: ['Yes', 'No'],
    endsAt: inMinutes(120),
    quorumPercent: 10,
    thresholdPercent: 50,
    resultsVisibleBeforeClose: false,
    ...overrides,
  });
  async function project(name: string) {
    const categoryId = await insertCategory(t.db.db, `${name} category`);
    const id = await insertProduct(t.db.db, {
      categoryId,
      name,
      isGovernance: true,
      communitySections: [
        { type: 'UPDATE', viewType: 'PRE_KYC' },
        { type: 'DISCUSSION', viewType: 'PRE_KYC' },
        { type: 'PROPOSAL', viewType: 'INVESTOR' },
        { type: 'AGENDA', viewType: 'INVESTOR' },
      ],
    });
    sections[id] = {};
    for (const row of await t.db.db
      .selectFrom('product_community_sections')
      .select(['id', 'type'])
      .where('product_id', '=', id)
      .execute()) {
      sections[id]![row.type] = Number(row.id);
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        SIGN_IN_CODES_PER_IP: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
        RATE_LIMIT_MAX: '100000',
        GOVERNANCE_WRITE_RATE_LIMIT_MAX: '1000',
        GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
        GOVERNANCE_VOTE_MIN_MINUTES: '5',
        GOVERNANCE_PROPOSAL_MIN_TOKENS: '1',
        APPROVAL_EXPIRY_SWEEP_SECONDS: '0',
        FOUR_EYES: 'on',
      },
      undefined,
      { now: clock.now },
    );
    mine = await project('Seller’s concert');
    other = await project('Other concert');
    for (const name of ['admin', 'admin2', 'seller', 'alice', 'bob']) {
      const email = `${name}@example.com`;
      tokens[name] = (await enrollUser(t.app, clock, email)).token;
      ids[name] = (
        await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
      ).id;
      await approveIdentity(t.app, email);
    }
    await changeUserRole(t.app.ctx, ids.admin!, 'ADMIN', META);
    await changeUserRole(t.app.ctx, ids.admin2!, 'ADMIN', META);
    await changeUserRole(t.app.ctx, ids.seller!, 'SELLER', META);
    await run('seller:assign', ['seller@example.com', String(mine)]);
    await hold('alice', mine, 60);
    await hold('bob', mine, 40);
    await hold('alice', other, 7);
    clock.advance(1000);
  });
  afterAll(() => t.close());

  it('refuses an investor every governance route, and a seller outside its projects, keeping the session', async () => {
    const routes: Array<[method: 'GET' | 'POST' | 'PUT', url: string, payload?: object]> = [
      ['GET', `${base}/project-choices`],
      ['GET', `${base}/governance/notices?productId=${mine}`],
      ['POST', `${base}/governance/notices`, { productId: mine, title: 'Hi', body: 'Hello' }],
      ['PUT', `${base}/governance/notices/1/pin`, { isPinned: true }],
      ['GET', `${base}/governance/votings`],
      ['POST', `${base}/governance/agendas`, agenda(mine)],
      ['POST', `${base}/governance/agendas/1/close`],
      ['POST', `${base}/governance/proposals/1/cancel`, { reason: 'No' }],
      ['GET', `${base}/governance/reports`],
      ['POST', `${base}/governance/posts/1/hide`, { reason: 'No' }],
      ['POST', `${base}/governance/posts/1/restore`, {}],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call('alice', method, url, payload);
      expect(errorCode(response), `${method} ${url}`).toBe('ROLE_REQUIRED');
    }
    expect((await call('alice', 'GET', '/api/v1/users/me')).statusCode).toBe(200);

    // The seller's project list is its own; elsewhere every action is refused.
    const choices = projectChoicesSchema.parse((await call('seller', 'GET', `${base}/project-choices`)).json());
    expect(choices.projects.map((item) => item.id)).toEqual([mine]);
    const admins = projectChoicesSchema.parse((await call('admin', 'GET', `${base}/project-choices`)).json());
    expect(admins.projects.map((item) => item.id).sort()).toEqual([mine, other].sort());

    const notice = await call('seller', 'POST', `${base}/governance/notices`, {
      productId: other,
      title: 'Not mine',
      body: 'Hello',
    });
    expect(errorCode(notice)).toBe('ROLE_REQUIRED');
    expect(errorCode(await call('seller', 'POST', `${base}/governance/agendas`, agenda(other)))).toBe('ROLE_REQUIRED');
    expect(errorCode(await call('seller', 'GET', `${base}/governance/notices?productId=${other}`))).toBe(
      'ROLE_REQUIRED',
    );
    expect(errorCode(await call('seller', 'GET', `${base}/governance/votings?productId=${other}`))).toBe(
      'ROLE_REQUIRED',
    );
    const foreign = createdSchema.parse(
      await ok(await call('admin', 'POST', `${base}/governance/agendas`, agenda(other)), 201),
    );
    expect(errorCode(await call('seller', 'POST', `${base}/governance/agendas/${foreign.id}/close`))).toBe(
      'ROLE_REQUIRED',
    );
    const listed = operatorVotingListSchema.parse((await call('seller', 'GET', `${base}/governance/votings`)).json());
    expect(listed.votings.some((item) => item.id === foreign.id)).toBe(false);
    // Money stays an admin's.
    const preview = await call('seller', 'POST', `${base}/distributions/preview`, {
      productId: mine,
      amount: 100,
      recordDate: '2026-11-26',
    });
    expect(errorCode(preview)).toBe('ROLE_REQUIRED');
    expect((await call('seller', 'GET', '/api/v1/users/me')).statusCode).toBe(200);
    await ok(await call('admin', 'POST', `${base}/governance/agendas/${foreign.id}/close`));
  });

  it('checks operator input with the domain schemas, on the console and on the command line alike', async () => {
    const long = 'x'.repeat(201);
    const refused: Array<[string, object]> = [
      ['notices', { productId: mine, title: long, body: 'Hello' }],
      ['notices', { productId: mine, title: '   ', body: 'Hello' }],
      ['agendas', agenda(mine, { title: long })],
      ['agendas', agenda(mine, { options: ['Only one'] })],
      ['agendas', agenda(mine, { options: ['Yes', 'yes'] })],
      ['agendas', agenda(mine, { quorumPercent: 101 })],
      ['agendas', agenda(mine, { thresholdPercent: 0 })],
      ['agendas', agenda(mine, { endsAt: 'tomorrow' })],
      ['agendas', agenda(mine, { endsAt: inMinutes(1) })],
    ];
    for (const [path, payload] of refused) {
      const response = await call('admin', 'POST', `${base}/governance/${path}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
    const hide = await call('admin', 'POST', `${base}/governance/posts/1/hide`, { reason: '' });
    expect(errorCode(hide)).toBe('VALIDATION_FAILED');

    // The command line is held to the same rules (it used to check a title's length by hand, an agenda's not at all).
    await expect(run('notice:post', [String(mine), long, 'Hello'])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('title'),
    });
    await expect(
      run('agenda:open', [String(mine), '+2h', '10', '50', long, 'Text', 'Yes', 'No']),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      run('agenda:open', [String(mine), '+2h', '10', '50', 'Title', 'Text', 'Yes', 'YES']),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(run('agenda:open', [String(mine), '+2h', '10', '50', 'Title', 'Text', 'Yes'])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const votings = await t.db.db.selectFrom('governance_votings').select('title').execute();
    expect(votings.some((row) => row.title.length > 200)).toBe(false);
  });

  it('posts and pins notices, as the operator or as the seller, each audited', async () => {
    const first = createdSchema.parse(
      await ok(
        await call('admin', 'POST', `${base}/governance/notices`, {
          productId: mine,
          title: 'Venue confirmed',
          body: '<p>The venue is booked.</p><script>alert(1)</script>',
        }),
        201,
      ),
    );
    clock.advance(1000);
    const bySeller = createdSchema.parse(
      await ok(
        await call('seller', 'POST', `${base}/governance/notices`, {
          productId: mine,
          title: 'Rehearsal',
          body: 'Photos soon.',
        }),
        201,
      ),
    );
    const pinned = changedSchema.parse(
      await ok(await call('admin', 'PUT', `${base}/governance/notices/${first.id}/pin`, { isPinned: true })),
    );
    expect(pinned.changed).toBe(true);
    const again = changedSchema.parse(
      await ok(await call('seller', 'PUT', `${base}/governance/notices/${first.id}/pin`, { isPinned: true })),
    );
    expect(again.changed).toBe(false);

    const seen = noticeListSchema.parse((await call('alice', 'GET', `/api/v1/governance/${mine}/notices`)).json());
    expect(seen.notices.map((notice) => [notice.title, notice.isPinned, notice.source])).toEqual([
      ['Venue confirmed', true, 'ADMIN'],
      ['Rehearsal', false, 'SELLER'],
    ]);
    expect(seen.notices[0]!.body).not.toContain('script');
    const console = operatorNoticeListSchema.parse(
      (await call('seller', 'GET', `${base}/governance/notices?productId=${mine}`)).json(),
    );
    expect(console.notices.map((notice) => notice.id)).toEqual([first.id, bySeller.id]);

    const posted = await audits('NOTICE_POSTED');
    expect(posted.slice(-2)).toEqual([
      expect.objectContaining({
        actor: 'operator',
        user_id: null,
        detail: expect.objectContaining({ by: 'operator:admin@example.com' }),
      }),
      expect.objectContaining({
        user_id: ids.seller,
        detail: expect.objectContaining({ by: 'operator:seller@example.com' }),
      }),
    ]);
    expect(await audits('NOTICE_PINNED')).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({ noticeId: String(first.id), by: 'operator:admin@example.com' }),
      }),
    ]);
    // The command line pins with the same function.
    expect(await run('notice:pin', [String(first.id), '--off'])).toBe(`Notice ${first.id} is now not pinned.`);
  });

  it('opens an agenda with shielded results, shows it to holders, and closes it once', async () => {
    const opened = createdSchema.parse(
      await ok(
        await call('seller', 'POST', `${base}/governance/agendas`, agenda(mine, { title: 'Encore budget' })),
        201,
      ),
    );
    const holders = ballotItemListSchema.parse(
      (await call('alice', 'GET', `/api/v1/governance/${mine}/agendas`)).json(),
    );
    const item = holders.items.find((candidate) => candidate.id === opened.id)!;
    expect(item).toMatchObject({
      status: 'OPEN',
      resultsVisibleBeforeClose: false,
      results: null,
      quorumPercent: 10,
      totalPower: 100,
      author: { source: 'SELLER' },
    });
    expect(item.options.map((option) => option.label)).toEqual(['Yes', 'No']);
    const vote = await call('alice', 'POST', `/api/v1/governance/${mine}/agendas/${opened.id}/vote`, { choice: 1 });
    expect(vote.statusCode, vote.body).toBe(201);

    const visible = createdSchema.parse(
      await ok(
        await call(
          'admin',
          'POST',
          `${base}/governance/agendas`,
          agenda(mine, { title: 'Poster colour', resultsVisibleBeforeClose: true }),
        ),
        201,
      ),
    );
    const listed = ballotItemListSchema.parse((await call('bob', 'GET', `/api/v1/governance/${mine}/agendas`)).json());
    expect(listed.items.find((candidate) => candidate.id === visible.id)!.results).not.toBeNull();

    await ok(await call('admin', 'POST', `${base}/governance/agendas/${opened.id}/close`));
    const twice = await call('seller', 'POST', `${base}/governance/agendas/${opened.id}/close`);
    expect(errorCode(twice)).toBe('VOTING_CLOSED');
    const votings = operatorVotingListSchema.parse(
      (await call('seller', 'GET', `${base}/governance/votings?productId=${mine}`)).json(),
    );
    expect(votings.votings.find((row) => row.id === opened.id)).toMatchObject({ status: 'CLOSED', outcome: 'PASSED' });
    expect(votings.votings[0]!.status).toBe('OPEN');
    const closed = (await audits('AGENDA_CLOSED')).filter((row) => row.detail.id === String(opened.id));
    expect(closed).toEqual([
      expect.objectContaining({
        actor: 'operator',
        detail: expect.objectContaining({ by: 'operator:admin@example.com', outcome: 'PASSED' }),
      }),
    ]);
    const openedAudit = (await audits('AGENDA_OPENED')).filter((row) => row.detail.id === String(opened.id));
    expect(openedAudit).toEqual([
      expect.objectContaining({
        user_id: ids.seller,
        detail: expect.objectContaining({ by: 'operator:seller@example.com' }),
      }),
    ]);
  });

  it('cancels a holder’s proposal with a reason its author sees', async () => {
    const created = await call('alice', 'POST', `/api/v1/governance/${mine}/proposals`, {
      title: 'More merch',
      body: 'Sell hoodies.',
      options: ['Yes', 'No'],
      endsAt: inMinutes(120),
      quorumPercent: 10,
      thresholdPercent: 50,
      resultsVisibleBeforeClose: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const proposalId = (created.json() as { id: number }).id;
    const empty = await call('seller', 'POST', `${base}/governance/proposals/${proposalId}/cancel`, { reason: ' ' });
    expect(errorCode(empty)).toBe('VALIDATION_FAILED');
    await ok(
      await call('seller', 'POST', `${base}/governance/proposals/${proposalId}/cancel`, { reason: 'Duplicate of #3' }),
    );
    const twice = await call('admin', 'POST', `${base}/governance/proposals/${proposalId}/cancel`, { reason: 'Again' });
    expect(errorCode(twice)).toBe('VOTING_CLOSED');
    const activity = activityListSchema.parse((await call('alice', 'GET', '/api/v1/users/me/activities')).json());
    expect(activity.activities.find((row) => row.type === 'PROPOSAL_CANCELLED')).toMatchObject({
      actor: 'operator',
      detail: expect.objectContaining({ reason: 'Duplicate of #3', by: 'operator:seller@example.com' }),
    });
  });

  it('hides a reported post with a reason its author sees, and restores it', async () => {
    const posted = await call('bob', 'POST', `/api/v1/governance/${mine}/threads`, {
      sectionId: sections[mine]!.DISCUSSION,
      title: 'Cheap tickets here',
      body: 'Visit my shop.',
    });
    const thread = threadSchema.parse(await ok(posted, 201));
    const report = await call('alice', 'POST', `/api/v1/governance/${mine}/posts/${thread.id}/report`, {
      reason: 'Advertising',
    });
    expect(report.statusCode).toBe(204);

    const queue = reportedPostListSchema.parse((await call('seller', 'GET', `${base}/governance/reports`)).json());
    expect(queue.posts).toEqual([
      expect.objectContaining({
        postId: thread.id,
        title: 'Cheap tickets here',
        authorEmail: 'bob@example.com',
        reportCount: 1,
        reasons: ['Advertising'],
        isHidden: false,
      }),
    ]);
    const hidden = changedSchema.parse(
      await ok(
        await call('seller', 'POST', `${base}/governance/posts/${thread.id}/hide`, {
          reason: 'Advertising is not allowed',
        }),
      ),
    );
    expect(hidden.changed).toBe(true);
    expect((await call('alice', 'GET', `/api/v1/governance/${mine}/threads/${thread.id}`)).statusCode).toBe(404);
    const hiddenQueue = reportedPostListSchema.parse((await call('admin', 'GET', `${base}/governance/reports`)).json());
    expect(hiddenQueue.posts[0]).toMatchObject({
      postId: thread.id,
      isHidden: true,
      hiddenReason: 'Advertising is not allowed',
    });

    const told = activityListSchema.parse((await call('bob', 'GET', '/api/v1/users/me/activities')).json());
    expect(told.activities.find((row) => row.type === 'COMMUNITY_HIDDEN')).toMatchObject({
      actor: 'operator',
      detail: expect.objectContaining({ postId: String(thread.id), reason: 'Advertising is not allowed' }),
    });

    const restored = changedSchema.parse(
      await ok(
        await call('admin', 'POST', `${base}/governance/posts/${thread.id}/restore`, {
          reason: 'Reviewed: a fan’s resale',
        }),
      ),
    );
    expect(restored.changed).toBe(true);
    expect((await call('alice', 'GET', `/api/v1/governance/${mine}/threads/${thread.id}`)).statusCode).toBe(200);
    const again = changedSchema.parse(
      await ok(await call('admin', 'POST', `${base}/governance/posts/${thread.id}/restore`, {})),
    );
    expect(again.changed).toBe(false);
    const settled = reportedPostListSchema.parse((await call('admin', 'GET', `${base}/governance/reports`)).json());
    expect(settled.posts.some((post) => post.postId === thread.id)).toBe(false);
    const after = activityListSchema.parse((await call('bob', 'GET', '/api/v1/users/me/activities')).json());
    expect(after.activities.find((row) => row.type === 'COMMUNITY_RESTORED')).toMatchObject({
      detail: expect.objectContaining({
        hiddenReason: 'Advertising is not allowed',
        reason: 'Reviewed: a fan’s resale',
        by: 'operator:admin@example.com',
      }),
    });
    // The command line hides and restores with the same functions.
    expect(await run('community:hide', [String(thread.id), 'Spam'])).toBe(`Hid post ${thread.id}.`);
    expect(await run('community:restore', [String(thread.id)])).toBe(`Restored post ${thread.id}.`);
  });

  it('commits one distribution for one form, refuses a repeat unless marked new, and pays on the chosen date', async () => {
    const recordDate = clock.now().toISOString().slice(0, 10);
    const request = { productId: other, amount: 700_001, recordDate, payDate: '2026-12-15', memo: 'Q4' };
    const early = await call('admin', 'POST', `${base}/distributions/preview`, { ...request, payDate: recordDate });
    expect(errorCode(early)).toBe('VALIDATION_FAILED');
    const preview = distributionPreviewSchema.parse(
      await ok(await call('admin', 'POST', `${base}/distributions/preview`, request)),
    );
    expect(preview.paysAt).toBe('2026-12-15T00:00:00.000Z');
    expect(preview.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(request.amount);
    expect(preview.pendingSameAs).toEqual([]);

    // A double click: the same form's key twice at once gives one proposal.
    const key = { 'idempotency-key': 'form-7f3a9c41-q4' };
    const clicks = await Promise.all([0, 1].map(() => call('admin', 'POST', `${base}/distributions`, request, key)));
    const outcomes = clicks.map((response) => distributionOutcomeSchema.parse(response.json()));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['PROPOSED', 'PROPOSED']);
    expect(outcomes[0]!.approval!.id).toBe(outcomes[1]!.approval!.id);

    // The form's key names these figures: other figures under it are refused, not answered with the first.
    const changed = await call('admin', 'POST', `${base}/distributions`, { ...request, amount: 5 }, key);
    expect(errorCode(changed)).toBe('IDEMPOTENCY_KEY_REUSED');

    // Another form for the same payout while the first waits: a repeat, unless marked new.
    const again = await ok<unknown>(await call('admin', 'POST', `${base}/distributions/preview`, request));
    expect(distributionPreviewSchema.parse(again).pendingSameAs).toEqual([outcomes[0]!.approval!.id]);
    const second = await call('admin2', 'POST', `${base}/distributions`, request, {
      'idempotency-key': 'form-second-q4',
    });
    expect(second.statusCode).toBe(409);
    expect(errorCode(second)).toBe('DISTRIBUTION_REPEATED');

    const approved = approvalOutcomeSchema.parse(
      await ok(await call('admin2', 'POST', `${base}/approvals/${outcomes[0]!.approval!.id}/approve`)),
    );
    expect(approved.distribution).toMatchObject({ amount: request.amount, paysAt: '2026-12-15T00:00:00.000Z' });
    const repeat = await call('admin2', 'POST', `${base}/distributions`, request, {
      'idempotency-key': 'form-third-q4',
    });
    expect(errorCode(repeat)).toBe('DISTRIBUTION_REPEATED');
    const marked = distributionOutcomeSchema.parse(
      await ok(
        await call(
          'admin2',
          'POST',
          `${base}/distributions`,
          { ...request, isNewDistribution: true },
          {
            'idempotency-key': 'form-third-q4',
          },
        ),
      ),
    );
    expect(marked.status).toBe('PROPOSED');
    const rows = await t.db.db
      .selectFrom('revenue_distributions')
      .select(['id', 'pays_at'])
      .where('product_id', '=', other)
      .execute();
    expect(rows).toHaveLength(1);
    const holderView = await call('alice', 'GET', '/api/v1/users/me/revenues');
    expect(holderView.statusCode, holderView.body).toBe(200);
    expect(holderView.body).toContain(String(request.amount));
  });
});
