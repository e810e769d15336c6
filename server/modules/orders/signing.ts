import { randomUUID } from 'node:crypto';
import type { ContractView, SignRequest, SignStatus } from '../../../src/domain/orders';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { fileKey } from '../../storage/files';
import { currentDocuments } from '../documents/service';
import { availableBalance } from '../cash/service';
import { verifiedIdentityOf, type VerifiedIdentity } from '../kyc/service';
import type { Caller, CallerId } from '../auth/service';
import { budgetKey, spendBudgets } from '../limits/service';
import { findProductRow } from '../products/service';
import {
  CONTRACT_TEMPLATE_VERSION,
  CONTRACT_TITLE,
  contractConsents,
  contractText,
  sameLegalName,
  sha256Hex,
  type ContractFacts,
} from './contract';
import type { ContractRenderer } from './contract-renderer';
import { onContractSigned } from './events';
import {
  findIssuer,
  findOrder,
  findOrderEvents,
  findSignature,
  findSignatureOfOrder,
  findSignaturesByIds,
  insertSignature,
  type OrderView,
  type SignatureRow,
} from './repository';
import { applyTransition, decideTransition, loadOwnOrderView, settleFromBalance } from './service';

/** Outside the client build and named by id only; served to their owner alone. */
function signFileKey(row: Pick<SignatureRow, 'id' | 'user_id'>): string {
  return fileKey('sign-files', row.user_id, `${row.id}.pdf`);
}

/**
 * Where a signed PDF is written before its row commits. It moves to its place only after the
 * commit, so a process killed in between leaves a file here (swept), never one in a user's
 * folder without a row. User folders are named by UUID, so this name cannot be one of them.
 */
const PENDING_PREFIX = 'sign-files/pending';

function pendingKey(id: string): string {
  return fileKey(PENDING_PREFIX, `${id}.pdf`);
}

/**
 * How old a pending file must be before a sweep may remove it: another process may be between
 * writing it and committing its row (milliseconds, or as long as the database makes it wait).
 */
export const PENDING_SIGN_FILE_GRACE_MS = 10 * 60_000;

/** Moves a committed signature's file from pending to its place. */
async function settleSignFile(ctx: AppContext, row: Pick<SignatureRow, 'id' | 'user_id'>): Promise<void> {
  const target = signFileKey(row);
  if (await ctx.files.move(pendingKey(row.id), target)) return;
  // Another process's sweep moved it first.
  if (!(await ctx.files.exists(target))) throw new Error(`Sign file ${row.id} is neither pending nor in its place`);
}

/**
 * Run at start and with every expiry sweep: a pending file whose signature row committed is
 * moved to its place (the process stopped between the commit and the move); one without a row
 * older than the grace is removed (the process stopped before the commit), so no contract with
 * a name, an email and an address outlives a signature that never happened. Answers what it did.
 */
export async function sweepPendingSignFiles(ctx: AppContext): Promise<{ moved: number; removed: number }> {
  const pending = await ctx.files.list(PENDING_PREFIX);
  const written = new Map<string, number>();
  for (const file of pending) {
    const id = /^sign-files\/pending\/([0-9a-f-]{36})\.pdf$/.exec(file.key)?.[1];
    if (id) written.set(id, file.modifiedAt.getTime());
  }
  const ids = [...written.keys()];
  if (ids.length === 0) return { moved: 0, removed: 0 };
  const rows = new Map((await findSignaturesByIds(ctx.db, ids)).map((row) => [row.id, row]));
  const now = ctx.now().getTime();
  let moved = 0;
  let removed = 0;
  for (const id of ids) {
    const row = rows.get(id);
    if (row) {
      await settleSignFile(ctx, row);
      moved += 1;
      continue;
    }
    if (now - written.get(id)! < PENDING_SIGN_FILE_GRACE_MS) continue;
    // The row may have committed since the list was read: look once more before removing.
    if ((await findSignaturesByIds(ctx.db, [id])).length > 0) continue;
    await ctx.files.delete(pendingKey(id));
    removed += 1;
  }
  return { moved, removed };
}

// Contracts are read and signed on routes that admit only an approved identity
// (`requireAuth({ level: 'kyc' })`): the investor signs under it.
async function loadOrderOfProduct(ctx: AppContext, caller: CallerId, productId: number, orderId: string) {
  const view = await loadOwnOrderView(ctx, caller.user.id, orderId);
  if (Number(view.product_id) !== productId) throw new AppError('NOT_FOUND', 'This order is for another project.');
  return view;
}

async function buildContract(ctx: AppContext, view: OrderView, investor: ContractFacts['investor']) {
  const productId = Number(view.product_id);
  const [product, issuer, documents] = await Promise.all([
    findProductRow(ctx.db, productId),
    findIssuer(ctx.db, productId),
    currentDocuments(ctx, productId),
  ]);
  const facts: ContractFacts = {
    reference: view.reference,
    issuer: { legalName: issuer?.legal_name ?? view.product_name, address: issuer?.address ?? null },
    investor,
    project: {
      id: productId,
      name: view.product_name,
      regulation: product?.regulation ?? 'the applicable regulation',
      riskDisclaimer: product?.investment_risk_disclaimer ?? '',
    },
    token: { name: view.token_name, contractAddress: product?.contract_address ?? null },
    quantity: Number(view.quantity),
    pricePerToken: Number(view.price_per_token),
    amount: Number(view.amount),
    currency: view.currency,
    payMethod: view.pay_method_type === 'CRYPTO' ? `${view.asset ?? 'crypto'} transfer` : 'bank transfer',
    expiresAt: view.expires_at,
    documents: documents.map(({ id, name, version, sha256 }) => ({ id, name, version, sha256 })),
  };
  const text = contractText(facts);
  return { facts, text, sha256: sha256Hex(text), documents };
}

function investorOf(caller: Caller, identity: VerifiedIdentity) {
  return {
    legalName: identity.legalName ?? caller.user.legalName ?? 'N/A',
    email: caller.user.email,
    investorType: identity.investorType,
  };
}

/** GET /products/{id}/sign: the contract to sign, or the one that was signed. */
export async function getContract(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  orderId: string,
): Promise<ContractView> {
  const identity = verifiedIdentityOf(caller);
  const view = await loadOrderOfProduct(ctx, caller, productId, orderId);
  const signed = await findSignatureOfOrder(ctx.db, view.id);
  const built = await buildContract(ctx, view, investorOf(caller, identity));
  const documents = signed
    ? (JSON.parse(signed.documents) as ContractView['documents'])
    : built.documents.map(({ id, name, version, url, sha256 }) => ({ id, name, version, url, sha256 }));
  return {
    orderId: view.id,
    reference: view.reference,
    title: CONTRACT_TITLE,
    templateVersion: CONTRACT_TEMPLATE_VERSION,
    parties: { issuer: built.facts.issuer, investor: built.facts.investor },
    project: { id: productId, name: view.product_name },
    token: built.facts.token,
    quantity: built.facts.quantity,
    pricePerToken: built.facts.pricePerToken,
    amount: built.facts.amount,
    currency: built.facts.currency,
    terms: signed ? signed.contract_text : built.text,
    sha256: signed ? signed.contract_sha256 : built.sha256,
    documents,
    consents: contractConsents,
    isSigned: signed !== undefined,
    signedAt: signed?.signed_at ?? null,
  };
}

function statusOf(view: OrderView, signature: SignatureRow | undefined): SignStatus {
  return {
    orderId: view.id,
    status: signature ? 'SIGNED' : 'UNSIGNED',
    orderState: view.state,
    signedAt: signature?.signed_at ?? null,
    signFileId: signature?.id ?? null,
    fileName: signature?.file_name ?? null,
    fileSha256: signature?.file_sha256 ?? null,
    contractSha256: signature?.contract_sha256 ?? null,
  };
}

export async function getSignStatus(
  ctx: AppContext,
  caller: CallerId,
  productId: number,
  orderId: string,
): Promise<SignStatus> {
  const view = await loadOrderOfProduct(ctx, caller, productId, orderId);
  return statusOf(view, await findSignatureOfOrder(ctx.db, view.id));
}

function signaturePngOf(dataUrl: string | undefined): Buffer | null {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (!isPng) throw new AppError('VALIDATION_FAILED', 'body.signature: The drawn signature must be a PNG image.');
  return bytes;
}

/** A file name people can read (the project name may be Korean), and an ASCII one for old clients. */
function fileNameOf(view: OrderView): string {
  const project = [...view.product_name]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return `Moa contract ${view.reference} ${project}.pdf`;
}

/**
 * POST /products/{id}/sign: checks the typed legal name and the contract hash, spends one of
 * the account's signatures of the hour, renders the signed PDF in a worker thread and writes it
 * under a pending name, then moves the order to SIGNED with the signature, its event, its audit
 * record and the CONTRACT_SIGNED hook in one transaction, and only then moves the file to its place.
 */
export async function signContract(
  ctx: AppContext,
  renderer: ContractRenderer,
  caller: Caller,
  productId: number,
  body: SignRequest,
  meta: RequestMeta,
): Promise<SignStatus> {
  const { user } = caller;
  const identity = verifiedIdentityOf(caller);
  const view = await loadOrderOfProduct(ctx, caller, productId, body.orderId);
  const signedAt = ctx.now().toISOString();
  decideTransition(view, 'SIGN', 'INVESTOR', signedAt);
  const investor = investorOf(caller, identity);
  if (!identity.legalName || !sameLegalName(body.legalName, identity.legalName)) {
    throw new AppError('LEGAL_NAME_MISMATCH', 'Type your legal name exactly as it appears on your verified identity.');
  }
  const built = await buildContract(ctx, view, investor);
  if (body.contractSha256 !== built.sha256) {
    throw new AppError('CONTRACT_CHANGED', 'The contract changed since you opened it. Read it again, then sign.');
  }
  // Paid from the balance: refused before the render when it plainly does not cover the order;
  // the guarded debit in the signing transaction decides.
  if (view.pay_from === 'BALANCE' && (await availableBalance(ctx.db, user.id, view.currency)) < Number(view.amount)) {
    throw new AppError('INSUFFICIENT_BALANCE', 'Your available balance no longer covers this order.');
  }
  const png = signaturePngOf(body.signature);
  // A full queue refuses before the account's budget is spent on a render that cannot start.
  renderer.assertAvailable();
  await spendBudgets(
    ctx,
    [{ key: budgetKey('orders:sign', user.id), max: ctx.config.ORDER_SIGNS_PER_HOUR, windowMinutes: 60 }],
    'You have signed many contracts in the last hour.',
  );
  const events = await findOrderEvents(ctx.db, view.id);
  const { pdf } = await renderer.render({
    title: CONTRACT_TITLE,
    reference: view.reference,
    contractText: built.text,
    contractSha256: built.sha256,
    signer: { legalName: investor.legalName, email: investor.email },
    signedAt,
    ip: meta.ip,
    userAgent: meta.userAgent,
    documents: built.documents,
    events: [
      ...events.map((event) => ({ type: event.type, actor: event.actor_type, at: event.created_at })),
      { type: 'CONTRACT_SIGNED', actor: 'INVESTOR', at: signedAt },
    ],
    signaturePng: png,
  });
  const row: SignatureRow = {
    id: randomUUID(),
    order_id: view.id,
    user_id: user.id,
    legal_name: investor.legalName,
    contract_text: built.text,
    contract_sha256: built.sha256,
    documents: JSON.stringify(
      built.documents.map(({ id, name, version, url, sha256 }) => ({ id, name, version, url, sha256 })),
    ),
    signature_sha256: png ? sha256Hex(png) : null,
    ip: meta.ip,
    user_agent: meta.userAgent,
    file_name: fileNameOf(view),
    file_sha256: sha256Hex(pdf),
    file_size: pdf.length,
    signed_at: signedAt,
  };
  const pending = pendingKey(row.id);
  // Written once, read-only, before the row exists, under a name only the sweep reads.
  await ctx.files.put(pending, pdf, { readOnly: true });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const order = (await findOrder(trx, view.id))!;
      await applyTransition(trx, order, 'SIGN', { type: 'INVESTOR', id: user.id }, { at: signedAt, meta });
      await insertSignature(trx, row);
      if (order.pay_from === 'BALANCE') await settleFromBalance(ctx, trx, view.id, signedAt, meta);
      await onContractSigned(ctx, trx, {
        userId: user.id,
        orderId: view.id,
        reference: view.reference,
        productId,
        productName: view.product_name,
        signFileId: row.id,
        signedAt,
      });
    });
  } catch (error) {
    await ctx.files.delete(pending).catch(() => undefined);
    throw error;
  }
  await settleSignFile(ctx, row);
  return statusOf({ ...view, state: view.pay_from === 'BALANCE' ? 'CONFIRMED' : 'SIGNED' }, row);
}

/** The stored PDF of a signed contract, to its owner only; its hash is checked on the way out. */
export async function readSignFile(ctx: AppContext, caller: CallerId, id: string) {
  const row = await findSignature(ctx.db, id);
  if (!row || row.user_id !== caller.user.id) throw new AppError('NOT_FOUND', 'There is no such file.');
  // Between the commit and the move, the file is still under its pending name.
  const bytes = (await ctx.files.get(signFileKey(row))) ?? (await ctx.files.get(pendingKey(row.id)));
  if (!bytes) throw new Error(`Sign file ${row.id} has a row but no stored file`);
  if (sha256Hex(bytes) !== row.file_sha256) throw new Error(`Sign file ${row.id} does not match its recorded hash`);
  return { bytes, fileName: row.file_name };
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '')
      .replace(/\s+/g, ' ')
      .replace(/ (\.[a-z]+)$/, '$1')
      .trim() || 'contract.pdf';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
