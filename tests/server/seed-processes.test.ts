import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { seedDemoDataOnce } from '../../server/db/seed/index';
import { generateVapidKeys } from '../../server/secrets';
import { createTestDb } from '../helpers/db';
import { collect, freePort, startServer, waitFor } from '../helpers/server-process';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const postgresUrl = inject('postgresUrl');

/** Rows of every table of a schema, by table name. */
async function rowCounts(client: pg.Client, schema: string): Promise<Record<string, number>> {
  const tables = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by 1`,
    [schema],
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`,
    );
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

describe.skipIf(!postgresUrl)('three processes starting at once on a fresh PostgreSQL', () => {
  const database = `moa_seed_${randomBytes(5).toString('hex')}`;
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('migrate and seed the demo exactly once, and every one of them serves it', async () => {
    const admin = new pg.Client({ connectionString: postgresUrl! });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query(`create database ${database}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
    });
    const url = new URL(postgresUrl!);
    url.pathname = `/${database}`;

    const vapid = generateVapidKeys();
    const shared = {
      DATABASE_URL: url.toString(),
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      TOKEN_SIGNING_KEY: randomBytes(48).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(48).toString('base64url'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ORDER_EXPIRY_SWEEP_SECONDS: '0',
      APPROVAL_EXPIRY_SWEEP_SECONDS: '0',
      REVENUE_SWEEP_SECONDS: '0',
      GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
      PUSH_SWEEP_INTERVAL_MS: '0',
    };
    const processes = [];
    for (let index = 0; index < 3; index += 1) {
      const port = await freePort();
      // Each with a data folder of its own, as on separate machines.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-seed-proc-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      processes.push({ port, dataDir, env: { ...shared, PORT: String(port), DATA_DIR: dataDir } });
    }
    // All three spawned before any has finished starting.
    const children = processes.map((proc) => {
      const child = startServer(proc.env);
      cleanups.push(() => {
        child.kill('SIGKILL');
      });
      return { ...proc, child, ...collect(child) };
    });
    for (const child of children) {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${child.port}/api/health`)).ok, 240_000).catch(() => {
        throw new Error(`process on ${child.port} did not become healthy:\n${child.output()}`);
      });
    }

    // The same demo as one seeding of a database of its own, table by table.
    const reference = await createTestDb('postgres');
    cleanups.push(() => reference.destroy());
    expect(await seedDemoDataOnce(reference.db)).toBe(true);
    const seeded = new pg.Client({ connectionString: url.toString() });
    await seeded.connect();
    cleanups.push(() => seeded.end());
    const expected = await rowCounts(admin, reference.schema!);
    const actual = await rowCounts(seeded, 'public');
    expect(expected.products).toBeGreaterThan(0);
    expect(actual).toEqual(expected);

    // Every process serves the one catalogue, and none of them crashed or wrote secrets.
    const lists = await Promise.all(
      children.map(async (child) => {
        const response = await fetch(`http://127.0.0.1:${child.port}/api/v1/products`);
        expect(response.status).toBe(200);
        return JSON.stringify(await response.json());
      }),
    );
    expect(new Set(lists).size).toBe(1);
    for (const child of children) {
      expect(child.child.exitCode).toBeNull();
      expect(child.output()).not.toMatch(/error/i);
      expect(readdirSync(child.dataDir)).not.toContain('secrets.json');
    }
  });
});
