import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { deriveDataKeys } from '../../server/crypto';
import { createDb } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { createMailer } from '../../server/mail/mailer';
import { createOrder } from '../../server/modules/orders/create-order';
import { loadOrCreateSecrets } from '../../server/secrets';
import { createFileStore } from '../../server/storage/files';
import { callerOf, createInvestor, createSaleProduct } from '../helpers/investors';

function moa(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, MOA_OPERATOR: 'jisoo' },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe('order commands through the real command line', () => {
  it('lists orders and cancels one with the operator recorded as its actor', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-cli-orders-'));
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const secrets = loadOrCreateSecrets(dataDir);
    const handle = createDb({ dataDir });
    await migrateToLatest(handle.db);
    const ctx: AppContext = {
      db: handle.db,
      config,
      mailer: createMailer({ from: config.MAIL_FROM, dataDir }),
      keys: deriveDataKeys(secrets.dataEncryptionKey),
      tokenKey: new TextEncoder().encode(secrets.tokenSigningKey),
      files: createFileStore(config),
      now: () => new Date(),
    };
    const { productId, accountMethodId } = await createSaleProduct({ ctx });
    const investor = await createInvestor({ ctx }, 'cli-investor@example.com');
    const { order } = await createOrder(
      ctx,
      await callerOf({ ctx }, investor),
      productId,
      { quantity: 4, payMethodId: accountMethodId },
      null,
      {
        ip: '127.0.0.1',
        userAgent: 'test',
      },
    );

    const listed = moa(dataDir, 'order:list', 'RESERVED');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`${order.reference}  RESERVED`);
    expect(listed.stdout).toContain('cli-investor@example.com');

    const refused = moa(dataDir, 'order:cancel', order.reference);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('reason');

    const cancelled = moa(dataDir, 'order:cancel', order.reference, 'Duplicate', 'order');
    expect(cancelled.status, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toContain(`Order ${order.reference}: CANCELLED`);
    const event = await handle.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('type', '=', 'CANCELLED')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ actor_type: 'OPERATOR', actor: 'operator:jisoo', note: 'Duplicate order' });
    const product = await handle.db
      .selectFrom('products')
      .select('remaining_quantity')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(Number(product.remaining_quantity)).toBe(1000);
    await handle.close();
  }, 120_000);
});
