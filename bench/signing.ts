/**
 * The anonymous project-list read (a page of 9 cards) while investors sign contracts, beside
 * the same read with nothing else running, and beside the same PDFs rendered on the event loop
 * (as every signature was before docs/decisions/1702-contracts-render-off-the-event-loop.md).
 * Each signer loops order, read the contract, sign, cancel through the real API on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { parseConfig } from '../server/config';
import { createDb } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import { renderSignedContract, type CertificateFacts } from '../server/modules/orders/pdf';
import { loadOrCreateSecrets } from '../server/secrets';
import { createInvestor, createSaleProduct, type Investor } from '../tests/helpers/investors';

export interface SigningRow {
  case: string;
  p50: number;
  p90: number;
  p99: number;
  requests: number;
  signatures: number;
}

const SIGNERS = 8;

const FACTS: CertificateFacts = {
  title: 'Token Purchase Agreement',
  reference: 'MOA-BENCHBEN',
  contractText: Array.from(
    { length: 60 },
    (_, index) => `${index + 1}. 한강세션 주식회사 and the Investor agree.`,
  ).join('\n'),
  contractSha256: 'a'.repeat(64),
  signer: { legalName: 'Kim Mina', email: 'mina@example.com' },
  signedAt: '2026-11-22T09:00:00.000Z',
  ip: '127.0.0.1',
  userAgent: 'bench',
  documents: [{ name: 'Token terms', version: 1, sha256: null }],
  events: [{ type: 'RESERVED', actor: 'INVESTOR', at: '2026-11-22T08:00:00.000Z' }],
  signaturePng: null,
};

export async function runSigningBench(seconds: number): Promise<SigningRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-bench-signing-'));
  const config = parseConfig({
    DATA_DIR: dataDir,
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    ORDER_EXPIRY_SWEEP_SECONDS: '0',
    ORDER_SIGNS_PER_HOUR: '100000',
    ORDER_CANCELS_PER_HOUR: '100000',
  });
  const db = createDb({ url: config.DATABASE_URL, dataDir });
  await migrateToLatest(db.db);
  const app = await buildApp({ config, secrets: loadOrCreateSecrets(dataDir), db, logger: false });
  try {
    const { ctx } = app;
    const { productId, accountMethodId } = await createSaleProduct(
      { ctx },
      { totalQuantity: 1_000_000, remainingQuantity: 1_000_000 },
    );
    const signers: Investor[] = [];
    for (let index = 0; index < SIGNERS; index += 1) {
      signers.push(await createInvestor({ ctx }, `bench-signer-${index}@example.com`));
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    /** One investor's loop: order, read the contract, sign, cancel; answers the signatures made. */
    const signLoop = async (investor: Investor, until: () => boolean) => {
      const json = { ...investor.headers, 'content-type': 'application/json' };
      let signed = 0;
      while (!until()) {
        const order = await fetch(`${address}/api/v1/products/${productId}/investors`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ quantity: 1, payMethodId: accountMethodId }),
        });
        const { id } = (await order.json()) as { id: string };
        const contract = await fetch(`${address}/api/v1/products/${productId}/sign?orderId=${id}`, {
          headers: investor.headers,
        });
        const { sha256 } = (await contract.json()) as { sha256: string };
        const sign = await fetch(`${address}/api/v1/products/${productId}/sign`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            orderId: id,
            legalName: 'Kim Mina',
            contractSha256: sha256,
            consents: { terms: true, risks: true, electronicSignature: true },
          }),
        });
        if (sign.status === 200) signed += 1;
        else await sign.arrayBuffer();
        await fetch(`${address}/api/v1/orders/${id}/cancel`, { method: 'POST', headers: json, body: '{}' });
      }
      return signed;
    };

    /** The list read, one connection (one reader after another), for `seconds`. */
    const readList = () => autocannon({ url: `${address}/api/v1/products?limit=9`, connections: 1, duration: seconds });

    const rowOf = (name: string, result: autocannon.Result, signatures: number): SigningRow => ({
      case: name,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      requests: result.requests.total,
      signatures,
    });

    const rows: SigningRow[] = [];
    await readList(); // warm-up
    rows.push(rowOf('project list, nothing else running', await readList(), 0));

    // Contracts signed through the API: rendered in worker threads.
    {
      let isOver = false;
      const loops = signers.map((investor) => signLoop(investor, () => isOver));
      // The first signatures start the render threads; the figures start after them.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const result = await readList();
      isOver = true;
      const signatures = (await Promise.all(loops)).reduce((sum, count) => sum + count, 0);
      rows.push(rowOf(`project list while ${SIGNERS} investors sign (worker threads)`, result, signatures));
    }

    // The same PDFs rendered on the event loop, as before: one render after another per signer.
    {
      let isOver = false;
      let renders = 0;
      const loops = signers.map(async () => {
        while (!isOver) {
          await renderSignedContract(FACTS);
          renders += 1;
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      const result = await readList();
      isOver = true;
      await Promise.all(loops);
      rows.push(rowOf(`project list while ${SIGNERS} renders run on the event loop (before)`, result, renders));
    }
    return rows;
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
