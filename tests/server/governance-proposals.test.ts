import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballotItemListSchema, ballotItemSchema } from '../../src/domain/governance';
import { commands } from '../../server/cli/commands';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, type Investor } from '../helpers/investors';

/**
 * Proposals are capped (docs/decisions/1704-voting-power-rows-and-proposal-caps.md): open ones
 * per account and per project, decided in the transaction that opens one, and created ones per
 * account and day; and the lists read every item's ballots in one statement however many.
 */
describe.each(testEngines())('proposal caps and list costs on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const statements: string[] = [];
  let seq = 0;
  const run = (name: string, args: string[]) => commands[name]!.run(t.app.ctx, args);

  const PER_ACCOUNT = 2;
  const PER_PROJECT = 3;
  const PER_DAY = 4;

  async function project(name: string): Promise<number> {
    const categoryId = await insertCategory(t.db.db, `Caps ${name}`);
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

  async function holder(productIds: number[], quantity = 10): Promise<Investor> {
    const investor = await createInvestor(t.app, `caps${(seq += 1)}@example.com`);
    for (const productId of productIds) {
      await appendHoldingEntry(t.db.db, {
        productId,
        userId: investor.userId,
        quantity,
        reason: 'DISTRIBUTION',
        orderId: null,
        note: 'test holding',
        at: clock.now().toISOString(),
      });
    }
    return investor;
  }

  const propose = (investor: Investor, productId: number, title: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/governance/${productId}/proposals`,
      headers: { ...investor.headers, ...headers },
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

  const openProposals = async (where: { productId?: number; authorUserId?: string }) => {
    let query = t.db.db
      .selectFrom('governance_votings')
      .select('id')
      .where('kind', '=', 'PROPOSAL')
      .where('status', '=', 'OPEN');
    if (where.productId !== undefined) query = query.where('product_id', '=', where.productId);
    if (where.authorUserId !== undefined) query = query.where('author_user_id', '=', where.authorUserId);
    return (await query.execute()).length;
  };

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '100000',
        GOVERNANCE_WRITE_RATE_LIMIT_MAX: '100000',
        GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
        // No outbox sweep: its statements would land among the ones a list is counted by.
        PUSH_SWEEP_INTERVAL_MS: '0',
        GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT: String(PER_ACCOUNT),
        GOVERNANCE_OPEN_PROPOSALS_PER_PROJECT: String(PER_PROJECT),
        GOVERNANCE_PROPOSALS_PER_DAY: String(PER_DAY),
      },
      undefined,
      { now: clock.now, onQuery: (query) => statements.push(query.sql) },
    );
  });
  afterAll(() => t.close());

  it('opens at most the per-account cap of one account’s proposals, however many race', async () => {
    const first = await project('Account race');
    const second = await project('Account race too');
    const author = await holder([first, second]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => propose(author, index % 2 ? second : first, `Race ${index}`)),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created).toHaveLength(PER_ACCOUNT);
    for (const answer of answers.filter((one) => one.statusCode !== 201)) {
      // Refused by the open cap, or by the day's allowance once the racers had spent it.
      expect(['PROPOSAL_LIMIT_REACHED', 'PROPOSAL_DAILY_LIMIT'], answer.body).toContain(errorCode(answer));
    }
    expect(await openProposals({ authorUserId: author.userId })).toBe(PER_ACCOUNT);
    // The cap counts every project: a third proposal elsewhere is refused with the account's reason.
    const third = await project('Account elsewhere');
    await appendHoldingEntry(t.db.db, {
      productId: third,
      userId: author.userId,
      quantity: 10,
      reason: 'DISTRIBUTION',
      orderId: null,
      note: 'test holding',
      at: clock.now().toISOString(),
    });
    const refused = await propose(author, third, 'One too many');
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('PROPOSAL_LIMIT_REACHED');
    expect(refused.json().errors[0].message).toContain(`${PER_ACCOUNT} open proposals`);
  });

  it('opens at most the per-project cap of proposals from many accounts racing', async () => {
    const productId = await project('Project race');
    const authors = [];
    for (let index = 0; index < 6; index += 1) authors.push(await holder([productId]));
    const answers = await Promise.all(authors.map((author, index) => propose(author, productId, `Many ${index}`)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(PER_PROJECT);
    for (const answer of answers.filter((one) => one.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(errorCode(answer)).toBe('PROPOSAL_LIMIT_REACHED');
      expect(answer.json().errors[0].message).toContain('This project already has');
    }
    expect(await openProposals({ productId })).toBe(PER_PROJECT);
    // Once one closes (here cancelled by the operator), there is room for one more.
    const open = await t.db.db
      .selectFrom('governance_votings')
      .select('id')
      .where('product_id', '=', productId)
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    await run('proposal:cancel', [String(open.id), 'Duplicate']);
    const waiting = authors.find((_, index) => answers[index]!.statusCode !== 201)!;
    expect((await propose(waiting, productId, 'Room again')).statusCode).toBe(201);
  });

  it('refuses an account’s proposals past the day’s allowance, open or not, until the day has passed', async () => {
    const productId = await project('Daily');
    const author = await holder([productId]);
    for (let index = 0; index < PER_DAY; index += 1) {
      const answer = await propose(author, productId, `Daily ${index}`);
      expect(answer.statusCode, answer.body).toBe(201);
      // Cancelled at once, so only the day's allowance can refuse.
      await run('proposal:cancel', [String(ballotItemSchema.parse(answer.json()).id), 'Testing']);
    }
    const refused = await propose(author, productId, 'Daily again');
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('PROPOSAL_DAILY_LIMIT');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const korean = await propose(author, productId, 'Daily in Korean', { 'accept-language': 'ko' });
    expect(errorCode(korean)).toBe('PROPOSAL_DAILY_LIMIT');
    expect(korean.json().errors[0].message).toContain('24시간');
    clock.advance(24 * 3_600_000 + 1000);
    expect((await propose(author, productId, 'Next day')).statusCode).toBe(201);
  });

  it('reads a list’s ballots, powers and sums in one statement, however many items it shows', async () => {
    const productId = await project('Costs');
    const reader = await holder([productId], 40);
    const others = [await holder([productId], 20), await holder([productId], 20), await holder([productId], 20)];
    const list = async () => {
      statements.length = 0;
      const response = await t.app.inject({
        url: `/api/v1/governance/${productId}/proposals`,
        headers: reader.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return { items: ballotItemListSchema.parse(response.json()).items, statements: [...statements] };
    };
    const vote = async (investor: Investor, id: number) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/v1/governance/${productId}/proposals/${id}/vote`,
        headers: investor.headers,
        payload: { choice: 1 },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    };
    const opened = [ballotItemSchema.parse((await propose(reader, productId, 'Cost 0')).json()).id];
    await vote(reader, opened[0]!);
    const few = await list();
    for (const author of [others[0]!, others[1]!]) {
      opened.push(ballotItemSchema.parse((await propose(author, productId, `Cost ${opened.length}`)).json()).id);
    }
    for (const id of opened.slice(1)) await vote(others[2]!, id);
    const many = await list();
    expect(few.items).toHaveLength(1);
    expect(many.items).toHaveLength(3);
    // The session, the project with what the reader may see, and the items with their ballots.
    expect(many.statements, many.statements.join('\n')).toHaveLength(few.statements.length);
    expect(many.statements.length).toBeLessThanOrEqual(3);
    expect(many.statements.filter((text) => /governance_ballots/.test(text))).toHaveLength(1);
    // And what it reads is right: the reader's power and ballot, and the sums of every item.
    const byId = new Map(many.items.map((item) => [item.id, item]));
    expect(byId.get(opened[0]!)!.myBallot).toMatchObject({ choice: 1, weight: 40 });
    expect(byId.get(opened[0]!)!.results?.participatingWeight).toBe(40);
    for (const id of opened.slice(1)) {
      expect(byId.get(id)!.myPower).toBe(40);
      expect(byId.get(id)!.myBallot).toBeNull();
      expect(byId.get(id)!.results?.participatingWeight).toBe(20);
      expect(byId.get(id)!.totalPower).toBe(100);
    }
  });
});
