import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballotItemListSchema, ballotItemSchema, type BallotItem } from '../../src/domain/governance';
import { commands } from '../../server/cli/commands';
import { votingPowerOf } from '../../server/modules/governance/voting-power';
import { closeDueVotings } from '../../server/modules/governance/closing';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, type Investor } from '../helpers/investors';

/**
 * A vote's power is each holder's entries up to the ledger mark its opening recorded
 * (docs/decisions/1824-voting-power-as-of-the-ledger-mark.md): ledger writes after the opening,
 * even at the same instant, change no one's power, the quorum's base or who is told; and the
 * opening runs as many statements for many holders as for few, writing no row per holder.
 */
describe.each(testEngines())('voting power as of the ledger mark on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-28T09:00:00.000Z'));
  const statements: string[] = [];
  const queries: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  let seq = 0;
  const run = (name: string, args: string[]) => commands[name]!.run(t.app.ctx, args);

  async function project(name: string): Promise<number> {
    const categoryId = await insertCategory(t.db.db, `Mark ${name}`);
    return insertProduct(t.db.db, {
      categoryId,
      name,
      isGovernance: true,
      communitySections: [
        { type: 'PROPOSAL', viewType: 'INVESTOR' },
        { type: 'AGENDA', viewType: 'INVESTOR' },
      ],
    });
  }

  const entry = (
    productId: number,
    investor: Investor,
    quantity: number,
    reason: 'DISTRIBUTION' | 'MARKET_BUY' | 'MARKET_SALE',
  ) =>
    appendHoldingEntry(t.db.db, {
      productId,
      userId: investor.userId,
      quantity,
      reason,
      orderId: null,
      note: 'test holding',
      at: clock.now().toISOString(),
    });

  async function holder(productId: number, quantity: number): Promise<Investor> {
    const investor = await createInvestor(t.app, `mark${(seq += 1)}@example.com`);
    if (quantity > 0) await entry(productId, investor, quantity, 'DISTRIBUTION');
    return investor;
  }

  const propose = async (investor: Investor, productId: number, title: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/governance/${productId}/proposals`,
      headers: investor.headers,
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
    expect(answer.statusCode, answer.body).toBe(201);
    return ballotItemSchema.parse(answer.json());
  };

  const vote = (investor: Investor, productId: number, kind: 'proposals' | 'agendas', id: number, choice: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/governance/${productId}/${kind}/${id}/vote`,
      headers: investor.headers,
      payload: { choice },
    });

  const itemAs = async (investor: Investor, productId: number, kind: 'proposals' | 'agendas', id: number) => {
    const answer = await t.app.inject({
      url: `/api/v1/governance/${productId}/${kind}/${id}`,
      headers: investor.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return ballotItemSchema.parse(answer.json());
  };

  /** Who holds power in an item, as its record says (the ledger up to its mark). */
  const powers = async (id: number) => {
    const voting = await t.db.db
      .selectFrom('governance_votings')
      .select(['id', 'product_id', 'ledger_mark'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rows = await t.db.db
      .selectFrom(votingPowerOf(t.db.db, voting, { after: '' }).as('vp'))
      .select(['vp.user_id', 'vp.power'])
      .execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.power)]));
  };

  const notified = async (type: string, productId: number) => {
    await t.app.notificationFanout.runOnce();
    const rows = await t.db.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', type)
      .where('product_id', '=', productId)
      .execute();
    return rows.map((row) => row.user_id).sort();
  };

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '100000',
        GOVERNANCE_WRITE_RATE_LIMIT_MAX: '100000',
        GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
        // The test runs the fan-out job itself, so no statement of it lands in a request's count.
        PUSH_SWEEP_INTERVAL_MS: '0',
        GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT: '100',
        GOVERNANCE_OPEN_PROPOSALS_PER_PROJECT: '100',
        GOVERNANCE_PROPOSALS_PER_DAY: '100',
      },
      undefined,
      {
        now: clock.now,
        onQuery: (query) => {
          statements.push(query.sql);
          queries.push(query);
        },
      },
    );
  });
  afterAll(() => t.close());

  it('keeps every power, the quorum base and the audience when tokens move right after the opening', async () => {
    const productId = await project('Moves');
    const author = await holder(productId, 30);
    const seller = await holder(productId, 10);
    const keeper = await holder(productId, 20);
    const buyer = await holder(productId, 0);
    const proposal = await propose(author, productId, 'Mark proposal');
    await run('agenda:open', [String(productId), '+2h', '10', '50', 'Mark agenda', 'Text', 'Yes', 'No']);
    const agenda = (await t.db.db
      .selectFrom('governance_votings')
      .select(['id', 'total_power', 'ledger_mark'])
      .where('product_id', '=', productId)
      .where('kind', '=', 'AGENDA')
      .executeTakeFirstOrThrow())!;
    expect(proposal.totalPower).toBe(60);
    expect(Number(agenda.total_power)).toBe(60);
    expect(agenda.ledger_mark).not.toBeNull();

    // At the very same instant (the clock stands still): the seller's tokens go to the buyer,
    // the keeper buys 100 more and the author sells 5.
    await entry(productId, seller, -10, 'MARKET_SALE');
    await entry(productId, buyer, 10, 'MARKET_BUY');
    await entry(productId, keeper, 100, 'DISTRIBUTION');
    await entry(productId, author, -5, 'MARKET_SALE');
    await entry(productId, buyer, 5, 'MARKET_BUY');

    const expected = new Map([
      [author.userId, 30],
      [seller.userId, 10],
      [keeper.userId, 20],
    ]);
    for (const id of [proposal.id, Number(agenda.id)]) expect(await powers(id)).toEqual(expected);
    const seen = async (investor: Investor): Promise<BallotItem> =>
      itemAs(investor, productId, 'proposals', proposal.id);
    expect((await seen(author)).myPower).toBe(30);
    expect((await seen(keeper)).myPower).toBe(20);
    expect((await seen(buyer)).myPower).toBe(0);
    expect((await seen(keeper)).totalPower).toBe(60);
    // The lists say the same.
    const listed = await t.app.inject({ url: `/api/v1/governance/${productId}/agendas`, headers: keeper.headers });
    expect(ballotItemListSchema.parse(listed.json()).items[0]).toMatchObject({ myPower: 20, totalPower: 60 });

    // Ballots weigh what was held at the opening; the buyer has none.
    const yes = await vote(author, productId, 'proposals', proposal.id, 1);
    expect(yes.statusCode, yes.body).toBe(201);
    expect(ballotItemSchema.parse(yes.json()).myBallot?.weight).toBe(30);
    const no = await vote(keeper, productId, 'proposals', proposal.id, 2);
    expect(ballotItemSchema.parse(no.json()).myBallot?.weight).toBe(20);
    expect(errorCode(await vote(buyer, productId, 'proposals', proposal.id, 1))).toBe('NO_VOTING_POWER');
    const onAgenda = await vote(keeper, productId, 'agendas', Number(agenda.id), 1);
    expect(ballotItemSchema.parse(onAgenda.json()).myBallot?.weight).toBe(20);
    const tally = (await seen(keeper)).results!;
    expect(tally).toMatchObject({ participatingWeight: 50, quorumReached: true, winningOption: 1 });

    // Told: the holders at the opening, each once; not the buyer.
    const atOpening = [author.userId, keeper.userId, seller.userId].sort();
    expect(await notified('PROPOSAL_CREATED', productId)).toEqual(atOpening);

    // More entries later still change nothing; the close counts and tells the same holders.
    clock.advance(60_000);
    await entry(productId, buyer, 1000, 'DISTRIBUTION');
    clock.advance(3 * 3_600_000);
    expect(await closeDueVotings(t.app.ctx)).toBe(2);
    const closed = await t.db.db
      .selectFrom('governance_votings')
      .select(['kind', 'outcome', 'winning_option', 'total_power'])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
    expect(closed.map((row) => [row.kind, row.outcome, row.winning_option, Number(row.total_power)])).toEqual([
      ['PROPOSAL', 'PASSED', 1, 60],
      ['AGENDA', 'PASSED', 1, 60],
    ]);
    expect(await notified('VOTE_FINISH', productId)).toEqual(atOpening);
    expect(await notified('AGENDA_CLOSED', productId)).toEqual(atOpening);
    for (const id of [proposal.id, Number(agenda.id)]) expect(await powers(id)).toEqual(expected);
  });

  it('opens with as many statements for forty holders as for two, and writes no row per holder', async () => {
    const opening = async (holders: number) => {
      const productId = await project(`Cost ${holders}`);
      const author = await holder(productId, 50);
      for (let index = 1; index < holders; index += 1) await holder(productId, 1 + index);
      statements.length = 0;
      const item = await propose(author, productId, `Cost ${holders}`);
      const taken = [...statements];
      expect(item.totalPower).toBe(50 + ((holders + 2) * (holders - 1)) / 2);
      // Everyone is told, by the job, after the request.
      expect(await notified('PROPOSAL_CREATED', productId)).toHaveLength(holders);
      return taken;
    };
    const few = await opening(2);
    const many = await opening(40);
    expect(many.length, many.join('\n')).toBe(few.length);
    for (const text of many) {
      expect(text).not.toMatch(/insert into "governance_voting_power"/);
      expect(text).not.toMatch(/insert into "notifications"/);
    }
    expect(many.filter((text) => /insert into "notification_fanouts"/.test(text))).toHaveLength(1);
  });

  // The statement count above cannot see a plan that reads every entry of the project: on SQLite
  // the item read back with the author's power as of the mark once went through the index of
  // (product_id, id), every entry up to the mark, and the request grew with the holders.
  it.runIf(engine === 'sqlite')(
    "reads a holder's power as of the mark from the holder's own entries, not the project's",
    async () => {
      const productId = await project('Plan');
      const author = await holder(productId, 50);
      const other = await holder(productId, 5);
      queries.length = 0;
      const item = await propose(author, productId, 'Plan');
      expect(item.myPower).toBe(50);
      expect((await vote(other, productId, 'proposals', item.id, 1)).statusCode).toBe(201);
      const listed = await t.app.inject({ url: `/api/v1/governance/${productId}/proposals`, headers: author.headers });
      expect(ballotItemListSchema.parse(listed.json()).items[0]).toMatchObject({ id: item.id, myPower: 50 });
      const taken = queries.filter((query) => /"holding_entries"/.test(query.sql));
      // The mark (the quorum's base) is the one read of every entry of the project, by design.
      const mark = taken.filter((query) => /as "mark"/.test(query.sql));
      expect(mark).toHaveLength(1);
      const perHolder = taken.filter((query) => !mark.includes(query));
      expect(perHolder.length).toBeGreaterThanOrEqual(3);
      for (const query of perHolder) {
        const plan = await t.db.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        const reads = plan.rows
          .map((row) => row.detail)
          .filter((detail) => /^(SCAN|SEARCH) (held|holding_entries)\b/.test(detail));
        expect(reads.length, query.sql).toBeGreaterThan(0);
        for (const read of reads)
          expect(read, query.sql).toMatch(/COVERING INDEX \w+ \(product_id=\? AND user_id=\? AND id<\?\)/);
      }
    },
  );

  it('reads an item opened before marks from its rows of voting power', async () => {
    const productId = await project('Rows');
    const reader = await holder(productId, 7);
    const at = clock.now().toISOString();
    const { id } = await t.db.db
      .insertInto('governance_votings')
      .values({
        product_id: productId,
        kind: 'AGENDA',
        title: 'Opened before marks',
        body: 'x',
        options: JSON.stringify(['Yes', 'No']),
        author_user_id: null,
        author_name: 'Moa',
        author_source: 'ADMIN',
        status: 'OPEN',
        starts_at: at,
        ends_at: new Date(clock.ms + 3_600_000).toISOString(),
        snapshot_at: at,
        ledger_mark: null,
        total_power: 4,
        quorum_percent: 10,
        threshold_percent: 50,
        results_visible_before_close: 1,
        outcome: null,
        winning_option: null,
        closed_at: null,
        closed_by: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Its row says 4 (what the ledger said then), whatever the ledger says now.
    await t.db.db
      .insertInto('governance_voting_power')
      .values({ voting_id: id, user_id: reader.userId, power: 4 })
      .execute();
    expect((await itemAs(reader, productId, 'agendas', Number(id))).myPower).toBe(4);
    const answer = await vote(reader, productId, 'agendas', Number(id), 1);
    expect(ballotItemSchema.parse(answer.json()).myBallot?.weight).toBe(4);
    expect(await powers(Number(id))).toEqual(new Map([[reader.userId, 4]]));
  });
});
