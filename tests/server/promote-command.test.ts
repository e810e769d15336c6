import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { insertUser } from '../../server/modules/users/records-repository';

function moa(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe('npm run moa -- promote:send', () => {
  it('stores a promotion for those who turned promotions on, and refuses a bad command', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-promote-'));
    const handle = createDb({ dataDir });
    await migrateToLatest(handle.db);
    const now = new Date().toISOString();
    const productId = await insertProduct(handle.db, {
      categoryId: await insertCategory(handle.db, 'Food'),
      name: 'Jeonju bibimbap house',
    });
    const optedIn = await insertUser(handle.db, { email: 'yes@example.com', name: 'Yes' }, now);
    await insertUser(handle.db, { email: 'no@example.com', name: 'No' }, now);
    await handle.db
      .insertInto('notification_preferences')
      .values({ user_id: optedIn, type: 'PROMOTE', product_id: 0, is_enabled: 1, updated_at: now })
      .execute();
    await handle.close();

    const sent = moa(dataDir, 'promote:send', String(productId), 'Grand opening', 'Bibimbap', 'for', 'everyone.');
    expect(sent.status, sent.stderr).toBe(0);
    expect(sent.stdout).toBe(
      `Promotion of project ${productId} stored for 1 investor(s); 0 push message(s) queued for the API's outbox sweep.`,
    );
    for (const args of [
      ['999', 'Title', 'Body'],
      ['abc', 'Title', 'Body'],
      [String(productId), 'Title'],
    ]) {
      const refused = moa(dataDir, 'promote:send', ...args);
      expect(refused.status, args.join(' ')).toBe(1);
    }

    const check = createDb({ dataDir });
    const rows = await check.db.selectFrom('notifications').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: optedIn,
      type: 'PROMOTE',
      product_id: productId,
      title: 'Grand opening',
      body: 'Bibimbap for everyone.',
      link: `/projects/${productId}`,
    });
    const audit = await check.db
      .selectFrom('audit_events')
      .select(['type', 'detail'])
      .where('type', '=', 'PROMOTION_SENT')
      .execute();
    expect(audit).toHaveLength(1);
    await check.close();
  }, 60_000);
});
