import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { insertUser } from '../../server/modules/users/records-repository';
import { insertWhitelistRequest } from '../../server/modules/products/repository';
import { parseConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { storeUpload } from '../../server/modules/kyc/files';
import { createFileStore } from '../../server/storage/files';
import { submitIdentity } from '../../server/modules/kyc/service';
import { sampleFiles } from '../helpers/kyc';

function moa(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe('the operator command line', () => {
  it('lists every command with its summary apart from its arguments, however long they are', () => {
    const help = moa(mkdtempSync(path.join(tmpdir(), 'moa-cli-')), 'help');
    expect(help.status).toBe(0);
    const lines = help.stdout.split('\n').slice(3);
    // A command's line names it; its summary follows after two spaces or more, on the line or the next.
    const calls = lines.filter((line) => /^ {2}\S/.test(line));
    expect(calls.length).toBeGreaterThan(40);
    for (const [index, line] of lines.entries()) {
      if (!/^ {2}\S/.test(line)) continue;
      const summary = / {2,}(\S.*)$/.exec(line.slice(2))?.[1] ?? lines[index + 1]?.trim();
      expect(summary, line).toMatch(/^[A-Z]/);
    }
    expect(help.stdout).not.toMatch(/\]Answer|\]Grant|\]Share/);
  });

  it('lists waiting access requests and allows one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-cli-'));
    const handle = createDb({ dataDir });
    await migrateToLatest(handle.db);
    const now = new Date().toISOString();
    const categoryId = await insertCategory(handle.db, 'Drama');
    const productId = await insertProduct(handle.db, { categoryId, name: 'Private series', isRestricted: true });
    const userId = await insertUser(handle.db, { email: 'mina@example.com', name: 'Mina' }, now);
    await insertWhitelistRequest(handle.db, productId, userId, now);
    await handle.close();

    const listed = moa(dataDir, 'whitelist:list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(`project ${productId} (Private series)  mina@example.com`);

    const allowed = moa(dataDir, 'whitelist:allow', 'Mina@Example.com', String(productId));
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain(`Allowed projects now: ${productId}`);
    expect(moa(dataDir, 'whitelist:list').stdout).toBe('No access requests are waiting.');

    const check = createDb({ dataDir });
    const row = await check.db.selectFrom('product_whitelist').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'ALLOW', decided_by: 'operator:command line' });
    await check.close();
  }, 30_000);

  it('bans and unbans a user, with the reason on their profile and in their activity', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-cli-'));
    const handle = createDb({ dataDir });
    await migrateToLatest(handle.db);
    await insertUser(handle.db, { email: 'bo@example.com', name: 'Bo' }, new Date().toISOString());
    await handle.close();

    expect(moa(dataDir, 'user:ban', 'bo@example.com')).toMatchObject({
      status: 1,
      stderr: 'Give the reason the user will see.',
    });
    expect(moa(dataDir, 'user:ban', 'bo@example.com', 'Payment', 'fraud', 'under', 'review')).toMatchObject({
      status: 0,
    });
    const check = createDb({ dataDir });
    expect(await check.db.selectFrom('users').select(['is_banned', 'ban_reason']).executeTakeFirstOrThrow()).toEqual({
      is_banned: 1,
      ban_reason: 'Payment fraud under review',
    });
    expect(moa(dataDir, 'user:unban', 'bo@example.com').stdout).toBe('Lifted the ban on bo@example.com.');
    expect(await check.db.selectFrom('users').select('is_banned').executeTakeFirstOrThrow()).toEqual({ is_banned: 0 });
    const events = await check.db.selectFrom('audit_events').select('type').orderBy('created_at').execute();
    expect(events.map((event) => event.type)).toEqual(['BANNED', 'UNBANNED']);
    await check.close();
  }, 30_000);

  it('grants and takes back an operator role, audited as any other change', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-cli-'));
    const handle = createDb({ dataDir });
    await migrateToLatest(handle.db);
    await insertUser(handle.db, { email: 'ha@example.com', name: 'Ha' }, new Date().toISOString());
    await handle.close();

    expect(moa(dataDir, 'user:role', 'ha@example.com', 'OWNER')).toMatchObject({
      status: 1,
      stderr: 'The role must be USER, SELLER, ADMIN.',
    });
    expect(moa(dataDir, 'user:role', 'ha@example.com', 'ADMIN')).toMatchObject({
      status: 0,
      stdout: 'ha@example.com now has the role ADMIN.',
    });
    expect(moa(dataDir, 'user:role', 'ha@example.com', 'ADMIN')).toMatchObject({
      status: 1,
      stderr: 'The account already has the role ADMIN.',
    });
    expect(moa(dataDir, 'user:role', 'ha@example.com', 'USER').status).toBe(0);

    const check = createDb({ dataDir });
    expect(await check.db.selectFrom('users').select('role').executeTakeFirstOrThrow()).toEqual({ role: 'USER' });
    const events = await check.db
      .selectFrom('audit_events')
      .select(['type', 'actor', 'detail'])
      .orderBy('created_at')
      .execute();
    expect(events.map((event) => [event.type, event.actor, JSON.parse(event.detail!)])).toEqual([
      ['ROLE_CHANGED', 'operator', { from: 'USER', to: 'ADMIN' }],
      ['ROLE_CHANGED', 'operator', { from: 'ADMIN', to: 'USER' }],
    ]);
    await check.close();
  }, 30_000);

  it('lists waiting identity checks and records an operator’s answer, with the same audit records', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-cli-'));
    const handle = createDb({ dataDir });
    await migrateToLatest(handle.db);
    const userId = await insertUser(handle.db, { email: 'jin@example.com', name: 'Jin' }, new Date().toISOString());
    // Only the parts of the context the identity services read.
    const config = parseConfig({ DATA_DIR: dataDir });
    const ctx = { db: handle.db, config, files: createFileStore(config), now: () => new Date() } as AppContext;
    const front = await storeUpload(ctx, { user: { id: userId } }, sampleFiles.jpeg);
    const selfie = await storeUpload(ctx, { user: { id: userId } }, sampleFiles.png);
    const meta = { ip: '127.0.0.1', userAgent: 'test' };
    await submitIdentity(
      ctx,
      { user: { id: userId } },
      {
        legalName: 'Seo Jin',
        dateOfBirth: '1988-08-08',
        countryOfResidence: 'KR',
        investorType: 'INDIVIDUAL',
        documentType: 'PASSPORT',
        frontFileId: front.id,
        selfieFileId: selfie.id,
      },
      meta,
    );
    await handle.close();

    const listed = moa(dataDir, 'kyc:list');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('identity');
    expect(listed.stdout).toContain('jin@example.com  [pending]  Seo Jin, born 1988-08-08, KR, PASSPORT');
    expect(listed.stdout).toContain(`FRONT  image/jpeg  ${path.join(dataDir, 'kyc-uploads', userId, front.id)}`);

    expect(moa(dataDir, 'kyc:review', 'jin@example.com', 'RED')).toMatchObject({
      status: 1,
      stderr: 'After RED give RETRY (the user may fix and resubmit) or FINAL.',
    });
    expect(moa(dataDir, 'kyc:review', 'jin@example.com', 'RED', 'RETRY')).toMatchObject({
      status: 1,
      stderr: 'Give the message the user will see.',
    });
    expect(moa(dataDir, 'kyc:review', 'jin@example.com', 'RED', 'RETRY', 'The', 'selfie', 'is', 'dark.')).toMatchObject(
      {
        status: 0,
        stdout: 'Identity check of jin@example.com: completed RED RETRY.',
      },
    );
    expect(moa(dataDir, 'kyc:list').stdout).toBe('No verifications are waiting.');
    expect(moa(dataDir, 'kyc:review', 'jin@example.com', 'GREEN')).toMatchObject({
      status: 0,
      stdout: 'Identity check of jin@example.com: completed GREEN.',
    });

    const check = createDb({ dataDir });
    expect(await check.db.selectFrom('users').select('kyc_status').executeTakeFirstOrThrow()).toEqual({
      kyc_status: 'GREEN',
    });
    const events = await check.db.selectFrom('audit_events').select(['type', 'detail']).orderBy('created_at').execute();
    expect(events.map((event) => [event.type, JSON.parse(event.detail!)])).toEqual([
      ['KYC_REVIEW_UPDATED', { status: 'pending', by: 'user' }],
      // The operator is named: here the command line, as no --as was given.
      [
        'KYC_REVIEW_UPDATED',
        {
          status: 'completed',
          by: 'operator',
          operator: 'operator:command line',
          answer: 'RED',
          rejectType: 'RETRY',
          message: 'The selfie is dark.',
        },
      ],
      [
        'KYC_REVIEW_UPDATED',
        { status: 'completed', by: 'operator', operator: 'operator:command line', answer: 'GREEN' },
      ],
    ]);
    await check.close();
  }, 30_000);

  it('says clearly what is wrong with bad arguments', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-cli-'));
    expect(moa(dataDir, 'whitelist:allow', 'nobody@example.com', 'abc')).toMatchObject({
      status: 1,
      stderr: '"abc" is not a project id.',
    });
    expect(moa(dataDir, 'whitelist:allow', 'nobody@example.com', '3')).toMatchObject({
      status: 1,
      stderr: 'No user with the email nobody@example.com.',
    });
    const unknown = moa(dataDir, 'launch:rockets');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "launch:rockets"');
    expect(moa(dataDir).stdout).toContain('whitelist:allow <email> <productId>');
  }, 30_000);
});
