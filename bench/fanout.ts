/**
 * Fan-out at 100,000 holders (`npm run bench -- --only=fanout`): generated data of 100,000
 * investors, about 1,000,000 ledger entries and 10,000 projects, one of them held by every
 * investor (each with one subscribed device). On SQLite and on PostgreSQL (when reachable), each
 * figure beside a baseline taken in the same run on the same database:
 * - opening a proposal (the HTTP request) and an agenda (the operator's service call), beside
 *   the bare statements that record the same voting power (rolled back);
 * - the fan-out job writing every holder's notification, push outbox row and live events, beside
 *   bare INSERT … SELECT statements of the same rows (rolled back);
 * - a revenue distribution to the 100,000 holders, beside a bare INSERT … SELECT of as many shares
 *   (rolled back);
 * - push delivery through a fake push service (another process), beside that service's own
 *   ceiling measured with the same number of connections and a body of the same size.
 * Generation is bulk SQL (INSERT … SELECT over a counting CTE), as in large-data.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { parseConfig } from '../server/config';
import { createDb, type Engine } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoDataOnce } from '../server/db/seed/index';
import type { Database } from '../server/db/types';
import { distributeRevenue } from '../server/modules/account/distributions';
import { insertSession, markSecondFactorPassed } from '../server/modules/auth/repository';
import { signAccessToken } from '../server/modules/auth/tokens';
import { openAgenda } from '../server/modules/governance/votings';
import { appendHoldingEntry } from '../server/modules/holdings/repository';
import { insertCategory, insertProduct } from '../server/modules/products/factory';
import { insertUser } from '../server/modules/users/records-repository';
import { loadOrCreateSecrets } from '../server/secrets';
import { approveIdentity } from '../tests/helpers/kyc';
import { createDeviceKeys } from '../tests/helpers/push-service';
import { postgresSchemaUrl } from './orders';

const INVESTORS = Number(process.env.BENCH_FANOUT_INVESTORS ?? 100_000);
const PROJECTS = 10_000;
/** Ledger entries per investor: the big project and nine others (1,000,000 in all). */
const HOLDINGS_PER_INVESTOR = 10;
/** Pushes delivered for the rate (all of them by default). */
const PUSHES = Number(process.env.BENCH_FANOUT_PUSHES ?? INVESTORS);
/** The sender's concurrency and the ceiling's connections. */
const PUSH_CONCURRENCY = 16;

type Db = Kysely<Database>;
export type FanoutRow = string[];

const counting = (n: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(n)})`;
/** 1..n as `n` and 0..HOLDINGS_PER_INVESTOR-1 as `k`, two CTEs (a subquery of `n` would be read again per row). */
const countingWithPositions = (n: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(n)}),
    k(i) as (select 0 union all select i + 1 from k where i < ${sql.lit(HOLDINGS_PER_INVESTOR - 1)})`;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

class Rollback extends Error {}

/** Runs `work` in a transaction and rolls it back; answers how long the work took before the rollback. */
async function timedAndRolledBack(db: Db, work: (trx: Db) => Promise<void>): Promise<number> {
  let took = 0;
  try {
    await db.transaction().execute(async (trx) => {
      const start = process.hrtime.bigint();
      await work(trx);
      took = ms(start);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return took;
}

/** The fake push service in a process of its own: answers 201 to every POST once its body is read. */
async function startFakePushService(): Promise<{ origin: string; process: ChildProcess }> {
  const source = `
    const http = require('node:http');
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(201).end());
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  process.once('exit', () => child.kill());
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  return { origin: `http://127.0.0.1:${port}`, process: child };
}

async function generate(db: Db, engine: Engine, pushOrigin: string) {
  const now = new Date().toISOString();
  const categoryId = await insertCategory(db, 'Fan-out bench');
  const big = await insertProduct(db, {
    categoryId,
    name: 'Held by everyone',
    isGovernance: true,
    communitySections: [
      { type: 'PROPOSAL', viewType: 'INVESTOR' },
      { type: 'AGENDA', viewType: 'INVESTOR' },
    ],
  });
  const template = await db.selectFrom('products').selectAll().where('id', '=', big).executeTakeFirstOrThrow();
  const existing = Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );
  const others = PROJECTS - existing;
  const columns = Object.keys(template).filter((column) => column !== 'id');
  const selected = columns.map((column) =>
    column === 'name'
      ? sql`'Project #' || cast(n.i as varchar(10))`
      : column === 'is_governance'
        ? sql`0`
        : sql.ref(`t.${column}`),
  );
  await sql`${counting(others)}
    insert into products (${sql.join(columns.map((column) => sql.ref(column)))})
    select ${sql.join(selected)} from products t cross join n where t.id = ${big}`.execute(db);
  const firstOther = Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.min('id').as('min'))
        .where('id', '>', big)
        .executeTakeFirstOrThrow()
    ).min,
  );

  await sql`${counting(INVESTORS)}
    insert into users (id, email, name, investor_type, kyc_status, role, is_banned, is_hide_badge, created_at, updated_at)
    select 'fan-' || cast(n.i as varchar(10)), 'fan-' || cast(n.i as varchar(10)) || '@example.com',
      'Holder ' || cast(n.i as varchar(10)), 'INDIVIDUAL', 'GREEN', 'USER', 0, 0, ${now}, ${now}
    from n`.execute(db);
  // Investor i holds the big project (k = 0) and nine others, distinct, spread over all of them.
  const position = sql`case when k.i = 0 then ${big} else ${firstOther} + ((n.i * 7 + k.i * 997) % ${others}) end`;
  const holders = sql`from n cross join k`;
  await sql`${countingWithPositions(INVESTORS)}
    insert into holding_entries (product_id, user_id, quantity, reason, note, created_at)
    select ${position}, 'fan-' || cast(n.i as varchar(10)), 1 + (n.i % 50), 'OPENING_BALANCE', 'bench', ${now}
    ${holders}`.execute(db);
  await sql`${countingWithPositions(INVESTORS)}
    insert into product_holdings (product_id, user_id, quantity, first_invested_at, updated_at)
    select ${position}, 'fan-' || cast(n.i as varchar(10)), 1 + (n.i % 50), ${now}, ${now}
    ${holders}`.execute(db);
  const keys = createDeviceKeys();
  await sql`${counting(INVESTORS)}
    insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, user_agent, created_at, updated_at)
    select 'fan-sub-' || cast(n.i as varchar(10)), 'fan-' || cast(n.i as varchar(10)),
      ${`${pushOrigin}/push/`} || cast(n.i as varchar(10)), ${keys.p256dh}, ${keys.auth}, 'bench', ${now}, ${now}
    from n`.execute(db);
  await sql`update products set investor_count = (
    select count(*) from product_holdings
    where product_holdings.product_id = products.id and product_holdings.quantity > 0
  )`.execute(db);
  if (engine === 'postgres') await sql`analyze`.execute(db);
  const count = async (table: 'holding_entries' | 'users' | 'products') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return {
    big,
    entries: await count('holding_entries'),
    users: await count('users'),
    projects: await count('products'),
  };
}

async function benchEngine(engine: Engine): Promise<FanoutRow[] | string> {
  const pgSchema = engine === 'postgres' ? await postgresSchemaUrl() : null;
  if (engine === 'postgres' && !pgSchema) return 'fan-out on PostgreSQL: skipped (no PostgreSQL reachable)';
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-bench-fanout-'));
  const push = await startFakePushService();
  const config = parseConfig({
    DATA_DIR: dataDir,
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    GOVERNANCE_WRITE_RATE_LIMIT_MAX: '100000',
    GOVERNANCE_PROPOSALS_PER_DAY: '1000',
    GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT: '1000',
    GOVERNANCE_OPEN_PROPOSALS_PER_PROJECT: '1000',
    // The bench runs the jobs itself, so each is timed alone.
    ORDER_EXPIRY_SWEEP_SECONDS: '0',
    PUSH_SWEEP_INTERVAL_MS: '0',
    GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
    PUSH_DEV_HOSTS: '127.0.0.1',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
  });
  const handle = createDb({ url: config.DATABASE_URL, dataDir, poolSize: 10 });
  await migrateToLatest(handle.db);
  await seedDemoDataOnce(handle.db);
  const app = await buildApp({ config, secrets: loadOrCreateSecrets(dataDir), db: handle, logger: false });
  const db = handle.db;
  const rows: FanoutRow[] = [];
  try {
    let start = process.hrtime.bigint();
    const data = await generate(db, engine, push.origin);
    console.log(
      `  ${label}: generated ${data.users} accounts, ${data.entries} ledger entries, ${data.projects} projects in ${(ms(start) / 1000).toFixed(1)} s`,
    );
    const holders = INVESTORS;

    // The author: an approved investor holding the big project, with a session.
    const now = new Date();
    const email = 'fan-author@moa.localhost';
    const userId = await insertUser(db, { email, name: 'Author' }, now.toISOString());
    await approveIdentity(app, email);
    await appendHoldingEntry(db, {
      productId: data.big,
      userId,
      quantity: 100,
      reason: 'DISTRIBUTION',
      orderId: null,
      note: 'bench',
      at: now.toISOString(),
    });
    const expiresAt = new Date(now.getTime() + 3600_000);
    const sessionId = await insertSession(
      db,
      { userId, method: 'EMAIL', ip: '127.0.0.1', userAgent: 'bench', expiresAt: expiresAt.toISOString() },
      now.toISOString(),
    );
    await markSecondFactorPassed(db, sessionId, now.toISOString());
    const token = await signAccessToken(app.ctx.tokenKey, { userId, sessionId, role: 'USER' }, now, expiresAt);

    // Opening a proposal: the request, three times (the median), each with 100,001 holders.
    const endsAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const requestTimes: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      start = process.hrtime.bigint();
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/governance/${data.big}/proposals`,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          title: `Fan-out ${round + 1}`,
          body: 'Shall we?',
          options: ['Yes', 'No'],
          endsAt,
          quorumPercent: 10,
          thresholdPercent: 50,
          resultsVisibleBeforeClose: true,
        },
      });
      requestTimes.push(ms(start));
      if (response.statusCode !== 201) throw new Error(`opening a proposal answered ${response.body}`);
    }
    const requestMs = [...requestTimes].sort((a, b) => a - b)[1]!;
    // The baseline: the opening's own writes and its one read of the ledger (the mark and the
    // quorum's base), as bare SQL in a transaction rolled back.
    const votingValues = {
      product_id: data.big,
      kind: 'PROPOSAL' as const,
      title: 'Baseline',
      body: 'x',
      options: '["Yes","No"]',
      author_user_id: userId,
      author_name: 'Author',
      author_source: 'INVESTOR' as const,
      status: 'OPEN' as const,
      starts_at: now.toISOString(),
      ends_at: endsAt,
      snapshot_at: new Date().toISOString(),
      total_power: 0,
      quorum_percent: 10,
      threshold_percent: 50,
      results_visible_before_close: 1 as const,
      outcome: null,
      winning_option: null,
      closed_at: null,
      closed_by: null,
      created_at: now.toISOString(),
    };
    const baselineOpeningMs = await timedAndRolledBack(db, async (trx) => {
      const mark = await sql<{ mark: number; total: number }>`select max(id) as mark, sum(quantity) as total
        from holding_entries where product_id = ${data.big}`.execute(trx);
      const voting = await trx
        .insertInto('governance_votings')
        .values({ ...votingValues, ledger_mark: Number(mark.rows[0]!.mark), total_power: Number(mark.rows[0]!.total) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('notification_fanouts')
        .values({
          type: 'PROPOSAL_CREATED',
          product_id: data.big,
          voting_id: Number(voting.id),
          title: 'Baseline',
          body: 'Baseline',
          params: '{}',
          link: '/governance',
          state: 'PENDING',
          created_at: now.toISOString(),
        })
        .execute();
    });
    // What the opening wrote before decision 1824: a row of voting power per holder.
    const baselinePowerMs = await timedAndRolledBack(db, async (trx) => {
      const voting = await trx
        .insertInto('governance_votings')
        .values({ ...votingValues, ledger_mark: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into governance_voting_power (voting_id, user_id, power)
        select ${sql.lit(Number(voting.id))}, user_id, sum(quantity) from holding_entries
        where product_id = ${data.big} group by user_id having sum(quantity) > 0`.execute(trx);
    });
    const fanouts = await db.selectFrom('notification_fanouts').select(['id', 'voting_id']).orderBy('id').execute();
    rows.push([
      label,
      'open a proposal (request)',
      `${requestMs.toFixed(0)} ms`,
      `${baselineOpeningMs.toFixed(0)} ms`,
      'bare SQL of the opening',
      `${holders + 1} holders (goal: under 200 ms); notifications written: ${await countRows(db, 'notifications', data.big)}; runs ${requestTimes.map((time) => time.toFixed(0)).join(', ')} ms`,
    ]);
    // The author's power as of the mark, the read that answers the request (and every ballot):
    // through the holder's own entries, beside the same sum through the project's entries up to
    // the mark, the plan SQLite chose before the index of (product_id, user_id, id, quantity).
    const firstMark = await db
      .selectFrom('governance_votings')
      .select('ledger_mark')
      .where('id', '=', Number(fanouts[0]!.voting_id))
      .executeTakeFirstOrThrow();
    const powerRead = (through: 'holder' | 'project') => async () => {
      const indexed = through === 'project' ? sql`indexed by holding_entries_product_mark_idx` : sql``;
      const start = process.hrtime.bigint();
      const row = await sql<{ power: number }>`select sum(quantity) as power from holding_entries ${indexed}
        where product_id = ${data.big} and user_id = ${userId} and id <= ${Number(firstMark.ledger_mark)}`.execute(db);
      if (Number(row.rows[0]!.power) !== 100) throw new Error(`the author's power read ${row.rows[0]!.power}`);
      return ms(start);
    };
    const median = async (read: () => Promise<number>) => {
      const times = [await read(), await read(), await read()].sort((a, b) => a - b);
      return times[1]!;
    };
    const holderReadMs = await median(powerRead('holder'));
    const projectReadMs = engine === 'sqlite' ? await median(powerRead('project')) : null;
    rows.push([
      label,
      "author's power as of the mark",
      `${holderReadMs.toFixed(2)} ms`,
      projectReadMs === null ? '-' : `${projectReadMs.toFixed(2)} ms`,
      projectReadMs === null ? '-' : "the project's entries up to the mark",
      'the read back in the request and in every ballot (median of three)',
    ]);
    rows.push([
      label,
      'before 1824: a row per holder',
      '-',
      `${baselinePowerMs.toFixed(0)} ms`,
      'bare voting power rows',
      'what the opening wrote in the request before (decision 1704), bare',
    ]);

    start = process.hrtime.bigint();
    await openAgenda(
      app.ctx,
      {
        productId: data.big,
        title: 'Fan-out agenda',
        body: 'Shall we?',
        options: ['Yes', 'No'],
        endsAt,
        quorumPercent: 10,
        thresholdPercent: 50,
        resultsVisibleBeforeClose: true,
        sellerUserId: null,
      },
      { label: 'bench', meta: { ip: 'bench', userAgent: 'bench' } },
    );
    rows.push([
      label,
      'open an agenda (service)',
      `${ms(start).toFixed(0)} ms`,
      `${baselineOpeningMs.toFixed(0)} ms`,
      'bare SQL of the opening',
      '',
    ]);

    // The job, for the first proposal alone (the other two are set aside).
    await db.updateTable('notification_fanouts').set({ state: 'DONE' }).where('id', '<>', fanouts[0]!.id).execute();
    start = process.hrtime.bigint();
    const written = await app.notificationFanout.runOnce();
    const jobMs = ms(start);
    const votingId = Number(fanouts[0]!.voting_id);
    const { ledger_mark: mark } = await db
      .selectFrom('governance_votings')
      .select('ledger_mark')
      .where('id', '=', votingId)
      .executeTakeFirstOrThrow();
    const baselineJobMs = await timedAndRolledBack(db, async (trx) => {
      const pg = engine === 'postgres';
      const at = new Date().toISOString();
      const atValue = pg ? sql`cast(${at} as timestamptz)` : sql`${at}`;
      const holdersAtMark = sql`(select user_id from holding_entries where product_id = ${data.big} and id <= ${mark}
        group by user_id having sum(quantity) > 0) vp`;
      await sql`insert into notifications (user_id, type, product_id, title, body, link, created_at)
        select user_id, 'PROPOSAL_CREATED', ${sql.lit(data.big)}, 'Baseline', 'Baseline', '/governance', ${atValue}
        from ${holdersAtMark}`.execute(trx);
      const uuid = pg ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`;
      await sql`insert into push_outbox (id, notification_id, subscription_id, state, next_attempt_at, created_at)
        select ${uuid}, notifications.id, push_subscriptions.id, 'PENDING', ${atValue}, ${atValue}
        from notifications join push_subscriptions on push_subscriptions.user_id = notifications.user_id
        where notifications.title = 'Baseline'`.execute(trx);
      await sql`insert into live_events (user_id, type, product_id, ref, created_at)
        select user_id, kind.type, ${sql.lit(data.big)}, null, ${atValue}
        from ${holdersAtMark} cross join (select 'vote' as type union all select 'notification') kind`.execute(trx);
    });
    rows.push([
      label,
      'fan-out job: every holder',
      `${jobMs.toFixed(0)} ms`,
      `${baselineJobMs.toFixed(0)} ms`,
      'bare INSERT … SELECT',
      `${written.notifications} notifications, ${written.pushes} pushes in ${written.batches} batches`,
    ]);

    // A distribution to every holder.
    start = process.hrtime.bigint();
    const distribution = await distributeRevenue(db, {
      productId: data.big,
      amount: 1_000_000_007,
      recordDate: new Date().toISOString().slice(0, 10),
      memo: null,
      currency: config.CURRENCY,
      createdBy: 'bench',
      now: new Date(),
    });
    const distributionMs = ms(start);
    const baselineDistributionMs = await timedAndRolledBack(db, async (trx) => {
      const at = new Date().toISOString();
      const atValue = engine === 'postgres' ? sql`cast(${at} as timestamptz)` : sql`${at}`;
      const row = await trx
        .insertInto('revenue_distributions')
        .values({
          product_id: data.big,
          amount: 1,
          currency: config.CURRENCY,
          record_at: at,
          pays_at: at,
          memo: null,
          created_by: 'bench',
          created_at: at,
          idempotency_key: null,
          repeat_guard: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into revenue_shares (distribution_id, product_id, user_id, balance, amount, pays_at, created_at)
        select ${sql.lit(Number(row.id))}, ${sql.lit(data.big)}, user_id, sum(quantity), sum(quantity) * 7,
          ${atValue}, ${atValue}
        from holding_entries where product_id = ${data.big} group by user_id having sum(quantity) > 0`.execute(trx);
    });
    rows.push([
      label,
      'distribution to every holder',
      `${distributionMs.toFixed(0)} ms`,
      `${baselineDistributionMs.toFixed(0)} ms`,
      'bare INSERT … SELECT',
      `${distribution.holders} shares`,
    ]);

    // Push delivery: the sender's sweeps until PUSHES are sent, beside the service's own ceiling.
    const sample = await db
      .selectFrom('push_outbox')
      .select('id')
      .where('state', '=', 'PENDING')
      .orderBy('id')
      .offset(PUSHES)
      .limit(1)
      .executeTakeFirst();
    if (sample) {
      // Only PUSHES of them wait; the rest are set aside.
      await db.updateTable('push_outbox').set({ state: 'FAILED' }).where('id', '>=', sample.id).execute();
    }
    start = process.hrtime.bigint();
    let sent = 0;
    let failed = 0;
    for (;;) {
      const result = await app.pushSender.sweepOnce();
      sent += result.sent;
      failed += result.failed + result.retried + result.refused + result.removedSubscriptions;
      if (result.claimed === 0) break;
    }
    const pushSeconds = ms(start) / 1000;
    const ceiling = await autocannon({
      url: `${push.origin}/push/ceiling`,
      method: 'POST',
      body: Buffer.alloc(330, 1),
      headers: { 'content-type': 'application/octet-stream', ttl: '259200' },
      connections: PUSH_CONCURRENCY,
      duration: 3,
    });
    rows.push([
      label,
      `push delivery (${PUSH_CONCURRENCY} at once)`,
      `${(sent / pushSeconds).toFixed(0)}/s`,
      `${ceiling.requests.average.toFixed(0)}/s`,
      'fake push service ceiling',
      `${sent} sent in ${pushSeconds.toFixed(1)} s, ${failed} not sent`,
    ]);
  } finally {
    await app.close();
    await handle.close();
    push.process.kill();
    await pgSchema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function countRows(db: Db, table: 'notifications', productId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function runFanoutBench(): Promise<{ rows: FanoutRow[]; notes: string[] }> {
  const rows: FanoutRow[] = [['engine', 'work', 'Moa', 'baseline', 'baseline is', 'what']];
  const notes: string[] = [];
  const engines = (process.env.BENCH_FANOUT_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
  for (const engine of engines) {
    const result = await benchEngine(engine);
    if (typeof result === 'string') notes.push(result);
    else rows.push(...result);
  }
  return { rows, notes };
}
