import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ballotItemListSchema,
  ballotItemSchema,
  noticeListSchema,
  noticeSchema,
  threadDetailSchema,
  threadListSchema,
  threadSchema,
} from '../../src/domain/governance';
import { commands } from '../../server/cli/commands';
import { closeDueVotings } from '../../server/modules/governance/closing';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';

const OPERATOR = { ip: 'operator', userAgent: 'test operator' };

describe.each(testEngines())('governance on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T09:00:00.000Z'));
  let productId = 0;
  let categoryId = 0;
  const sections: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const base = () => `/api/v1/governance/${productId}`;
  const get = (token: string, url: string) => t.app.inject({ url: `${base()}${url}`, headers: bearer(token) });
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${base()}${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const stillSignedIn = async (token: string) => {
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  };
  const hold = async (name: string, quantity: number) => {
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
  const auditCount = async (type: string) => {
    const rows = await t.db.db.selectFrom('audit_events').select('id').where('type', '=', type).execute();
    return rows.length;
  };
  /** The inbox rows of one notification type about this test's project, as user ids (sorted). */
  const notified = async (type: string) => {
    // Written by the fan-out job after the item's own transaction.
    await t.app.notificationFanout.runOnce();
    const rows = await t.db.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', type)
      .where('product_id', '=', productId)
      .execute();
    return rows.map((row) => row.user_id).sort();
  };
  const run = (name: string, args: string[]) => commands[name]!.run(t.app.ctx, args);
  const inMinutes = (minutes: number) => new Date(clock.ms + minutes * 60_000).toISOString();

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
      },
      undefined,
      { now: clock.now },
    );
    for (const name of ['fresh', 'verified', 'alice', 'bob', 'carol', 'small', 'late', 'seller', 'otherseller']) {
      const email = `${name}@example.com`;
      tokens[name] = (await enrollUser(t.app, clock, email)).token;
      ids[name] = (
        await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
      ).id;
      if (name !== 'fresh') await approveIdentity(t.app, email);
    }
    await changeUserRole(t.app.ctx, ids.seller!, 'SELLER', OPERATOR);
    await changeUserRole(t.app.ctx, ids.otherseller!, 'SELLER', OPERATOR);
    categoryId = await insertCategory(t.db.db, 'Music');
  });
  afterAll(() => t.close());

  // Each test has a project of its own: the seller assigned, alice 60, bob 30, carol 10 and small 5
  // tokens (105), so nothing one test opens, posts or holds is seen by another.
  beforeEach(async () => {
    productId = await insertProduct(t.db.db, {
      categoryId,
      name: 'Seoul Night Concert',
      isGovernance: true,
      communitySections: [
        { type: 'UPDATE', viewType: 'PRE_KYC' },
        { type: 'DISCUSSION', viewType: 'POST_KYC' },
        { type: 'REVIEW', viewType: 'INVESTOR' },
        { type: 'PROPOSAL', viewType: 'INVESTOR' },
        { type: 'AGENDA', viewType: 'INVESTOR' },
      ],
      communityBadges: [{ name: 'Patron', limitQuantity: 50 }],
    });
    for (const row of await t.db.db
      .selectFrom('product_community_sections')
      .select(['id', 'type'])
      .where('product_id', '=', productId)
      .execute()) {
      sections[row.type] = Number(row.id);
    }
    await run('seller:assign', ['seller@example.com', String(productId)]);
    await hold('alice', 60);
    await hold('bob', 30);
    await hold('carol', 10);
    await hold('small', 5);
    clock.advance(1000);
  });

  it('opens each section by its view type, refusing without ending the session', async () => {
    // Notices (PRE_KYC): everyone signed in.
    for (const name of ['fresh', 'verified', 'alice']) {
      const list = noticeListSchema.parse((await get(tokens[name]!, '/notices')).json());
      expect(list.section.unlocked).toBe(true);
    }
    // Community: DISCUSSION is POST_KYC, REVIEW is INVESTOR.
    const unlocked = async (name: string) =>
      Object.fromEntries(
        threadListSchema
          .parse((await get(tokens[name]!, '/threads')).json())
          .sections.map((section) => [section.type, section.unlocked]),
      );
    expect(await unlocked('fresh')).toEqual({ DISCUSSION: false, REVIEW: false });
    expect(await unlocked('verified')).toEqual({ DISCUSSION: true, REVIEW: false });
    expect(await unlocked('alice')).toEqual({ DISCUSSION: true, REVIEW: true });
    expect(await unlocked('seller')).toEqual({ DISCUSSION: true, REVIEW: true });

    const post = (name: string, section: string) =>
      send(tokens[name]!, 'POST', '/threads', { sectionId: sections[section], title: 'Hello', body: 'First post' });
    const refused = await post('fresh', 'DISCUSSION');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('SECTION_LOCKED');
    await stillSignedIn(tokens.fresh!);
    expect(errorCode(await post('verified', 'REVIEW'))).toBe('SECTION_LOCKED');
    expect(errorCode(await get(tokens.verified!, `/threads?sectionId=${sections.REVIEW}`))).toBe('SECTION_LOCKED');
    const holderThread = await post('alice', 'REVIEW');
    expect(holderThread.statusCode, holderThread.body).toBe(201);
    // A holder's thread in REVIEW cannot be read through its id by a non-holder either.
    const threadId = threadSchema.parse(holderThread.json()).id;
    expect(errorCode(await get(tokens.verified!, `/threads/${threadId}`))).toBe('SECTION_LOCKED');
    expect(errorCode(await send(tokens.verified!, 'POST', `/threads/${threadId}/answers`, { body: 'Hi' }))).toBe(
      'SECTION_LOCKED',
    );

    // Proposals and agendas (INVESTOR): a locked list says so and shows nothing.
    const proposals = ballotItemListSchema.parse((await get(tokens.verified!, '/proposals')).json());
    expect(proposals.section).toMatchObject({ viewType: 'INVESTOR', unlocked: false });
    expect(proposals.items).toEqual([]);
    expect(ballotItemListSchema.parse((await get(tokens.alice!, '/agendas')).json()).section.unlocked).toBe(true);
    await stillSignedIn(tokens.verified!);
  });

  it('shows each author’s source and badge, filters by source, and keeps edits to the author', async () => {
    const created = await send(tokens.bob!, 'POST', '/threads', {
      sectionId: sections.DISCUSSION,
      title: 'Encore setlist',
      body: '<p>Which songs?</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    });
    expect(created.statusCode, created.body).toBe(201);
    const thread = threadSchema.parse(created.json());
    expect(thread.body).not.toMatch(/script|onerror/);
    expect(thread.author.source).toBe('INVESTOR');

    const answer = await send(tokens.seller!, 'POST', `/threads/${thread.id}/answers`, { body: 'All of them.' });
    expect(answer.statusCode, answer.body).toBe(201);
    await send(tokens.alice!, 'POST', `/threads/${thread.id}/answers`, { body: 'Agreed.' });
    const detail = threadDetailSchema.parse((await get(tokens.verified!, `/threads/${thread.id}`)).json());
    expect(detail.answers.map((item) => [item.body, item.author.source, item.author.badge])).toEqual([
      ['All of them.', 'SELLER', null],
      ['Agreed.', 'INVESTOR', 'Patron'],
    ]);
    const sellerThread = await send(tokens.seller!, 'POST', '/threads', {
      sectionId: sections.DISCUSSION,
      title: 'Rehearsal photos',
      body: 'Coming soon.',
    });
    expect(sellerThread.statusCode).toBe(201);
    const bySeller = threadListSchema.parse((await get(tokens.verified!, '/threads?source=SELLER')).json());
    expect(bySeller.threads.map((item) => item.title)).toEqual(['Rehearsal photos']);
    const all = threadListSchema.parse((await get(tokens.verified!, '/threads?source=ALL')).json());
    expect(all.threads.length).toBeGreaterThanOrEqual(2);

    const notMine = await send(tokens.alice!, 'PUT', `/threads/${thread.id}`, { title: 'Mine now', body: 'x' });
    expect(errorCode(notMine)).toBe('NOT_POST_AUTHOR');
    await stillSignedIn(tokens.alice!);
    const edited = await send(tokens.bob!, 'PUT', `/threads/${thread.id}`, { title: 'Encore', body: 'Which?' });
    expect(threadSchema.parse(edited.json()).title).toBe('Encore');

    // Reported, then hidden by the operator: gone from lists and from its own address.
    expect((await send(tokens.alice!, 'POST', `/posts/${thread.id}/report`, { reason: 'Off topic' })).statusCode).toBe(
      204,
    );
    await run('community:hide', [String(thread.id), 'Off', 'topic']);
    expect((await get(tokens.bob!, `/threads/${thread.id}`)).statusCode).toBe(404);
    const after = threadListSchema.parse((await get(tokens.verified!, '/threads')).json());
    expect(after.threads.some((item) => item.id === thread.id)).toBe(false);

    const removed = await send(tokens.seller!, 'DELETE', `/threads/${threadSchema.parse(sellerThread.json()).id}`);
    expect(removed.statusCode).toBe(204);
  });

  it('pages threads newest first', async () => {
    for (let index = 0; index < 22; index += 1) {
      await send(tokens.verified!, 'POST', '/threads', {
        sectionId: sections.DISCUSSION,
        title: `Page ${index}`,
        body: 'x',
      });
    }
    const first = threadListSchema.parse((await get(tokens.verified!, '/threads')).json());
    expect(first.threads).toHaveLength(20);
    expect(first.threads[0]!.title).toBe('Page 21');
    const second = threadListSchema.parse((await get(tokens.verified!, `/threads?before=${first.nextBefore}`)).json());
    expect(second.threads[0]!.id).toBeLessThan(first.threads[19]!.id);
  });

  it('lists notices pinned first and marks them read per investor', async () => {
    await run('notice:post', [String(productId), 'Venue confirmed', 'The', 'venue', 'is', 'booked.']);
    await run('notice:post', [
      String(productId),
      '--pin',
      '--seller',
      'seller@example.com',
      'Read me first',
      'Rules of the community.',
    ]);
    await run('notice:post', [String(productId), 'Ticket date', 'Tickets open Friday.']);
    const list = noticeListSchema.parse((await get(tokens.alice!, '/notices')).json());
    expect(list.notices.map((notice) => [notice.title, notice.isPinned, notice.source])).toEqual([
      ['Read me first', true, 'SELLER'],
      ['Ticket date', false, 'ADMIN'],
      ['Venue confirmed', false, 'ADMIN'],
    ]);
    const read = await send(tokens.alice!, 'POST', `/notices/${list.notices[1]!.id}/read`);
    expect(noticeSchema.parse(read.json()).isRead).toBe(true);
    const again = noticeListSchema.parse((await get(tokens.alice!, '/notices')).json());
    expect(again.notices.map((notice) => notice.isRead)).toEqual([false, true, false]);
    const forBob = noticeListSchema.parse((await get(tokens.bob!, '/notices')).json());
    expect(forBob.notices.every((notice) => !notice.isRead)).toBe(true);
  });

  it('lets a holder with enough tokens open a proposal, weighted by balances at creation, closed once by racing sweeps', async () => {
    const createdBefore = await auditCount('PROPOSAL_CREATED');
    const finishedBefore = await auditCount('VOTE_FINISH');
    const request = {
      title: 'Add a Busan date',
      body: 'One more show.',
      options: ['Yes', 'No'],
      endsAt: inMinutes(30),
      quorumPercent: 50,
      thresholdPercent: 60,
      resultsVisibleBeforeClose: false,
    };
    const tooSmall = await send(tokens.small!, 'POST', '/proposals', request);
    expect(errorCode(tooSmall)).toBe('PROPOSAL_THRESHOLD_NOT_MET');
    const tooShort = await send(tokens.carol!, 'POST', '/proposals', { ...request, endsAt: inMinutes(1) });
    expect(errorCode(tooShort)).toBe('VALIDATION_FAILED');
    const created = await send(tokens.carol!, 'POST', '/proposals', request);
    expect(created.statusCode, created.body).toBe(201);
    const proposal = ballotItemSchema.parse(created.json());
    expect(proposal).toMatchObject({ totalPower: 105, myPower: 10, status: 'OPEN', results: null });
    expect(await auditCount('PROPOSAL_CREATED')).toBe(createdBefore + 1);
    // Every holder at the snapshot hears of it in their inbox, written by the fan-out job.
    const holdersAtCreation = ['alice', 'bob', 'carol', 'small'].map((name) => ids[name]!).sort();
    expect(await notified('PROPOSAL_CREATED')).toEqual(holdersAtCreation);

    // Tokens bought after the creation give no power.
    clock.advance(1000);
    await hold('late', 500);
    await hold('bob', 100);
    const late = await send(tokens.late!, 'POST', `/proposals/${proposal.id}/vote`, { choice: 1 });
    expect(errorCode(late)).toBe('NO_VOTING_POWER');
    await stillSignedIn(tokens.late!);
    const lateView = ballotItemSchema.parse((await get(tokens.late!, `/proposals/${proposal.id}`)).json());
    expect(lateView.myPower).toBe(0);

    const alice = await send(tokens.alice!, 'POST', `/proposals/${proposal.id}/vote`, { choice: 1 });
    expect(alice.statusCode, alice.body).toBe(201);
    expect(ballotItemSchema.parse(alice.json()).myBallot).toMatchObject({ choice: 1, weight: 60 });
    const bob = await send(tokens.bob!, 'POST', `/proposals/${proposal.id}/vote`, { choice: 2 });
    // Bob's 100 later tokens do not count: 30 is his weight.
    expect(ballotItemSchema.parse(bob.json()).myBallot).toMatchObject({ choice: 2, weight: 30 });
    expect(ballotItemSchema.parse(bob.json()).results).toBeNull();
    // A ballot is final.
    expect(errorCode(await send(tokens.bob!, 'POST', `/proposals/${proposal.id}/vote`, { choice: 1 }))).toBe(
      'ALREADY_VOTED',
    );
    expect(errorCode(await send(tokens.bob!, 'POST', `/proposals/${proposal.id}/vote`, { choice: 3 }))).toBe(
      'VALIDATION_FAILED',
    );

    // Two sweeps race to close it: it closes exactly once, with the weighted result.
    clock.advance(31 * 60_000);
    const closed = await Promise.all([closeDueVotings(t.app.ctx), closeDueVotings(t.app.ctx)]);
    expect(closed[0] + closed[1]).toBe(1);
    expect(await closeDueVotings(t.app.ctx)).toBe(0);
    expect(await auditCount('VOTE_FINISH')).toBe(finishedBefore + 1);
    // Those who could vote hear the result once, however many sweeps ran; a later buyer does not.
    const voters = await notified('VOTE_FINISH');
    expect(voters).toEqual(['alice', 'bob', 'carol', 'small'].map((name) => ids[name]!).sort());
    expect(voters).not.toContain(ids.late);
    const item = ballotItemSchema.parse((await get(tokens.alice!, `/proposals/${proposal.id}`)).json());
    // 90 of 105 took part (quorum 50 %); Yes has 60 of 90 = 66.7 % ≥ 60 %.
    expect(item.status).toBe('CLOSED');
    expect(item.options.map((option) => option.weight)).toEqual([60, 30]);
    expect(item.results).toMatchObject({
      participatingWeight: 90,
      quorumReached: true,
      outcome: 'PASSED',
      winningOption: 1,
    });
    expect(errorCode(await send(tokens.carol!, 'POST', `/proposals/${proposal.id}/vote`, { choice: 1 }))).toBe(
      'VOTING_CLOSED',
    );
  });

  it('takes one ballot out of 50 concurrent tries', async () => {
    const opened = await run('agenda:open', [
      String(productId),
      '+1h',
      '0',
      '50',
      '--results-visible',
      'Budget',
      'Approve the budget.',
      'Approve',
      'Reject',
    ]);
    const agendaId = Number(/agenda (\d+)/.exec(opened)![1]);
    const tries = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        send(tokens.alice!, 'POST', `/agendas/${agendaId}/vote`, { choice: index % 2 === 0 ? 1 : 'ABSTAIN' }),
      ),
    );
    const statuses = tries.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(tries.filter((response) => response.statusCode !== 201).map(errorCode)).toEqual(
      Array.from({ length: 49 }, () => 'ALREADY_VOTED'),
    );
    const ballots = await t.db.db
      .selectFrom('governance_ballots')
      .select('id')
      .where('voting_id', '=', agendaId)
      .execute();
    expect(ballots).toHaveLength(1);
    // Results are visible while open on this agenda.
    const view = ballotItemSchema.parse((await get(tokens.bob!, `/agendas/${agendaId}`)).json());
    expect(view.results?.participatingWeight).toBe(60);
    // Closed here, so no later sweep in another test finds it due.
    await run('agenda:close', [String(agendaId)]);
  });

  it('decides quorum on its edge, counting abstentions, when the operator closes an agenda', async () => {
    const closedBefore = await auditCount('AGENDA_CLOSED');
    await hold('late', 500);
    await hold('bob', 100);
    clock.advance(1000);
    // Power now: alice 60, bob 130, carol 10, small 5, late 500 = 705.
    const open = async (quorum: string, threshold: string) => {
      const out = await run('agenda:open', [
        String(productId),
        '+1h',
        quorum,
        threshold,
        'Edge',
        'Edge case.',
        'A',
        'B',
      ]);
      return Number(/agenda (\d+)/.exec(out)![1]);
    };
    const vote = (name: string, id: number, choice: number | 'ABSTAIN') =>
      send(tokens[name]!, 'POST', `/agendas/${id}/vote`, { choice });
    // alice 60 and small 5 abstain, carol 10 votes A: 75 of 705 take part (10.6 %).
    const atEdge = await open('10', '100');
    const below = await open('11', '100');
    for (const id of [atEdge, below]) {
      expect((await vote('alice', id, 'ABSTAIN')).statusCode).toBe(201);
      expect((await vote('small', id, 'ABSTAIN')).statusCode).toBe(201);
      expect((await vote('carol', id, 1)).statusCode).toBe(201);
      await run('agenda:close', [String(id)]);
    }
    const result = async (id: number) =>
      ballotItemSchema.parse((await get(tokens.alice!, `/agendas/${id}`)).json()).results;
    // 75 × 100 = 7500 ≥ 10 × 705 = 7050, but < 11 × 705 = 7755.
    expect(await result(atEdge)).toMatchObject({ participatingWeight: 75, quorumReached: true, outcome: 'PASSED' });
    expect(await result(below)).toMatchObject({ quorumReached: false, outcome: 'NO_QUORUM', winningOption: null });
    expect(await auditCount('AGENDA_CLOSED')).toBe(closedBefore + 2);
    expect((await notified('AGENDA_CLOSED')).length).toBe(2 * 5);
    await expect(run('agenda:close', [String(atEdge)])).rejects.toMatchObject({ code: 'VOTING_CLOSED' });

    // The threshold edge: A must have 2/3 of the non-abstaining weight.
    const threshold = await open('0', '67');
    await vote('carol', threshold, 1);
    await vote('small', threshold, 2);
    await run('agenda:close', [String(threshold)]);
    // carol 10 of 15 = 66.7 % < 67 %.
    expect(await result(threshold)).toMatchObject({ outcome: 'REJECTED', winningOption: null });
  });

  it('lets a seller act only in the projects it sells, refusing others without ending the session', async () => {
    // A seller of another project is any other user here: it sees by the view types ...
    const list = threadListSchema.parse((await get(tokens.otherseller!, '/threads')).json());
    expect(Object.fromEntries(list.sections.map((section) => [section.type, section.unlocked]))).toEqual({
      DISCUSSION: true,
      REVIEW: false,
    });
    // ... and may not post, answer, open proposals or vote.
    const thread = threadSchema.parse(
      (
        await send(tokens.verified!, 'POST', '/threads', {
          sectionId: sections.DISCUSSION,
          title: 'Merch?',
          body: 'Will there be merch?',
        })
      ).json(),
    );
    const answer = await send(tokens.otherseller!, 'POST', `/threads/${thread.id}/answers`, { body: 'Yes.' });
    expect(answer.statusCode).toBe(403);
    expect(errorCode(answer)).toBe('ROLE_REQUIRED');
    expect(
      errorCode(
        await send(tokens.otherseller!, 'POST', '/threads', { sectionId: sections.DISCUSSION, title: 'x', body: 'y' }),
      ),
    ).toBe('ROLE_REQUIRED');
    await stillSignedIn(tokens.otherseller!);
    // Notices and agendas for a seller go through the same check.
    await expect(
      run('notice:post', [String(productId), '--seller', 'otherseller@example.com', 'Hi', 'Not mine.']),
    ).rejects.toMatchObject({ code: 'ROLE_REQUIRED' });
    await expect(
      run('agenda:open', [
        String(productId),
        '+1h',
        '10',
        '50',
        '--seller',
        'otherseller@example.com',
        'T',
        'B',
        'A',
        'B',
      ]),
    ).rejects.toMatchObject({ code: 'ROLE_REQUIRED' });
    await expect(run('seller:assign', ['verified@example.com', String(productId)])).rejects.toMatchObject({
      code: 'ROLE_REQUIRED',
    });

    // Assigned by the operator (recorded in the seller's activity), it answers as the seller.
    expect(await run('seller:assign', ['otherseller@example.com', String(productId)])).toMatch(/now sells/);
    const assigned = await t.db.db
      .selectFrom('audit_events')
      .select(['actor', 'type'])
      .where('user_id', '=', ids.otherseller!)
      .where('type', 'in', ['SELLER_ASSIGNED', 'SELLER_UNASSIGNED'])
      .execute();
    expect(assigned).toEqual([{ actor: 'operator', type: 'SELLER_ASSIGNED' }]);
    const allowed = await send(tokens.otherseller!, 'POST', `/threads/${thread.id}/answers`, { body: 'Yes.' });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(threadDetailSchema.parse((await get(tokens.verified!, `/threads/${thread.id}`)).json()).answers).toEqual([
      expect.objectContaining({ body: 'Yes.', author: expect.objectContaining({ source: 'SELLER' }) }),
    ]);
    const agenda = await run('agenda:open', [
      String(productId),
      '+1h',
      '10',
      '50',
      '--seller',
      'otherseller@example.com',
      'Seller agenda',
      'Text.',
      'A',
      'B',
    ]);
    const agendaId = Number(/agenda (\d+)/.exec(agenda)![1]);
    expect(ballotItemSchema.parse((await get(tokens.alice!, `/agendas/${agendaId}`)).json()).author.source).toBe(
      'SELLER',
    );
    expect(await run('seller:list', [String(productId)])).toContain('otherseller@example.com');

    // Unassigned, it is refused again.
    expect(await run('seller:unassign', ['otherseller@example.com', String(productId)])).toMatch(/no longer/);
    expect(
      errorCode(await send(tokens.otherseller!, 'POST', `/threads/${thread.id}/answers`, { body: 'Again.' })),
    ).toBe('ROLE_REQUIRED');
    await stillSignedIn(tokens.otherseller!);
    await run('agenda:close', [String(agendaId)]);
  });

  it('cancels a proposal from the command line', async () => {
    const created = await send(tokens.carol!, 'POST', '/proposals', {
      title: 'Rename the token',
      body: 'New name.',
      options: ['Yes', 'No'],
      endsAt: inMinutes(30),
      quorumPercent: 10,
      thresholdPercent: 50,
      resultsVisibleBeforeClose: true,
    });
    const id = ballotItemSchema.parse(created.json()).id;
    await run('proposal:cancel', [String(id), 'Duplicate']);
    const item = ballotItemSchema.parse((await get(tokens.carol!, `/proposals/${id}`)).json());
    expect(item.status).toBe('CANCELLED');
    expect(errorCode(await send(tokens.carol!, 'POST', `/proposals/${id}/vote`, { choice: 1 }))).toBe('VOTING_CLOSED');
  });
});
