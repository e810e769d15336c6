import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { OperatorDocument } from '../../../src/domain/project-documents';
import type { DocumentVersion } from '../../../src/domain/products';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { fileKey } from '../../storage/files';
import { appendAuditEvent } from '../audit/repository';
import { detectContentType } from '../kyc/files';
import {
  findDocument,
  findDocumentsOf,
  insertDocument,
  findDocumentVersion,
  findDocumentVersions,
  insertDocumentVersion,
  pointDocumentAt,
  recordVersionHash,
} from './repository';

/** The versions of a project's documents, for other modules' own reads (the account's downloads). */
export { findDocumentVersions } from './repository';

/**
 * Project documents and their versions. Replacing a document adds a version (stored in the
 * file store, never overwritten) and points the document at it; every earlier version stays
 * downloadable, and contracts record the SHA-256 of each document as it stood at signing.
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function versionUrl(productId: number, documentId: number, version: number): string {
  return `/api/v1/products/${productId}/documents/${documentId}/versions/${version}`;
}

/** Where a first version's bytes are: the site's own files (the built client, or public/ in development). */
function sitePaths(ctx: AppContext, version: { url: string }): string[] {
  const url = version.url.split('?')[0]!;
  if (!url.startsWith('/') || url.includes('..')) return [];
  return [path.join(ctx.config.clientDistDir, url), path.join(path.resolve('public'), url)];
}

/** A version's bytes: uploaded versions from the file store (stored_path is their key), the first ones from the site. */
export async function readVersionBytes(ctx: AppContext, version: { stored_path: string | null; url: string }) {
  if (version.stored_path) return ctx.files.get(version.stored_path);
  for (const candidate of sitePaths(ctx, version)) {
    try {
      return await readFile(candidate);
    } catch {
      // try the next place
    }
  }
  return null;
}

export interface CurrentDocument {
  id: number;
  name: string;
  version: number;
  url: string;
  sha256: string | null;
}

/** Each document of a project as it stands now, with the SHA-256 of its bytes (null if unreadable). */
export async function currentDocuments(ctx: AppContext, productId: number): Promise<CurrentDocument[]> {
  const rows = await findDocumentVersions(ctx.db, productId);
  const seen = new Set<number>();
  const current: CurrentDocument[] = [];
  for (const row of rows) {
    const documentId = Number(row.document_id);
    if (seen.has(documentId)) continue;
    seen.add(documentId);
    let hash = row.sha256;
    if (!hash) {
      const bytes = await readVersionBytes(ctx, row);
      if (bytes) {
        hash = sha256(bytes);
        await recordVersionHash(ctx.db, Number(row.id), hash, bytes.length);
      }
    }
    current.push({ id: documentId, name: row.document_name, version: Number(row.version), url: row.url, sha256: hash });
  }
  return current;
}

/** A stored version as the history shows it. */
export interface VersionRow {
  version: number;
  url: string;
  stored_path: string | null;
  sha256: string | null;
  note: string | null;
  created_at: string;
}

/**
 * One document's history for the wire, from its versions newest first (the project detail reads
 * them inside its own statement): an uploaded version is downloaded through the API.
 */
export function toDocumentHistory(
  productId: number,
  documentId: number,
  rows: readonly VersionRow[],
): DocumentVersion[] {
  return rows.map((row, index) => ({
    version: Number(row.version),
    url: row.stored_path ? versionUrl(productId, documentId, Number(row.version)) : row.url,
    sha256: row.sha256,
    note: row.note,
    createdAt: row.created_at,
    isCurrent: index === 0,
  }));
}

/** Who replaces or adds a document: the console's operator, or the command line (userId null). */
export interface DocumentEditor {
  userId: string | null;
  label: string;
  meta: RequestMeta;
}

/** A document's bytes must be a PDF, by its first bytes: the name and the declared type prove nothing. */
function assertPdf(bytes: Buffer): void {
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.');
  if (detectContentType(bytes) !== 'application/pdf') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A project document must be a PDF.');
  }
}

/** Writes a version's bytes to the file store, never over another file: a version cannot change. */
async function storeVersionBytes(
  ctx: AppContext,
  productId: number,
  documentId: number,
  version: number,
  bytes: Buffer,
): Promise<{ storedPath: string; hash: string }> {
  const hash = sha256(bytes);
  const storedPath = fileKey(
    'product-documents',
    String(productId),
    String(documentId),
    `v${version}-${hash.slice(0, 12)}.pdf`,
  );
  await ctx.files.put(storedPath, bytes, { readOnly: true });
  return { storedPath, hash };
}

async function auditDocument(
  trx: Transaction<Database>,
  editor: DocumentEditor,
  type: 'DOCUMENT_REPLACED' | 'DOCUMENT_ADDED',
  detail: Record<string, string>,
  note: string | null,
  at: string,
): Promise<void> {
  await appendAuditEvent(
    trx,
    {
      userId: editor.userId,
      actor: 'operator',
      type,
      detail: { ...detail, operator: editor.label, ...(note ? { note } : {}) },
      meta: editor.meta,
    },
    at,
  );
}

/**
 * An operator replaces a document with a new PDF (the console's upload, or the file the command
 * line read): a new version is stored and the document points at it; the earlier ones stay in its
 * history. Answers the new version number. Audited in the transaction that adds the version.
 */
export async function replaceDocument(
  ctx: AppContext,
  input: { productId: number; documentId: number; bytes: Buffer; note: string | null; editor: DocumentEditor },
): Promise<{ version: number; sha256: string; url: string }> {
  const document = await findDocument(ctx.db, input.productId, input.documentId);
  if (!document) throw new AppError('NOT_FOUND', `Project ${input.productId} has no document ${input.documentId}.`);
  assertPdf(input.bytes);
  const versions = await findDocumentVersions(ctx.db, input.productId);
  const latest = versions.find((row) => Number(row.document_id) === input.documentId);
  const version = (latest ? Number(latest.version) : 0) + 1;
  const { storedPath, hash } = await storeVersionBytes(ctx, input.productId, input.documentId, version, input.bytes);
  const url = versionUrl(input.productId, input.documentId, version);
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await insertDocumentVersion(trx, {
      document_id: input.documentId,
      version,
      url,
      stored_path: storedPath,
      sha256: hash,
      size: input.bytes.length,
      note: input.note,
      created_by: input.editor.label,
      created_at: at,
    });
    await pointDocumentAt(trx, input.documentId, url);
    await auditDocument(
      trx,
      input.editor,
      'DOCUMENT_REPLACED',
      {
        productId: String(input.productId),
        documentId: String(input.documentId),
        version: String(version),
        sha256: hash,
      },
      input.note,
      at,
    );
  });
  return { version, sha256: hash, url };
}

/** An operator adds a document to a project: its first version is the PDF sent, listed last. */
export async function addDocument(
  ctx: AppContext,
  input: { productId: number; name: string; bytes: Buffer; note: string | null; editor: DocumentEditor },
): Promise<{ documentId: number; version: number; sha256: string; url: string }> {
  assertPdf(input.bytes);
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const documentId = await insertDocument(trx, input.productId, input.name);
    const { storedPath, hash } = await storeVersionBytes(ctx, input.productId, documentId, 1, input.bytes);
    const url = versionUrl(input.productId, documentId, 1);
    await insertDocumentVersion(trx, {
      document_id: documentId,
      version: 1,
      url,
      stored_path: storedPath,
      sha256: hash,
      size: input.bytes.length,
      note: input.note,
      created_by: input.editor.label,
      created_at: at,
    });
    await pointDocumentAt(trx, documentId, url);
    await auditDocument(
      trx,
      input.editor,
      'DOCUMENT_ADDED',
      { productId: String(input.productId), documentId: String(documentId), name: input.name, sha256: hash },
      input.note,
      at,
    );
    return { documentId, version: 1, sha256: hash, url };
  });
}

/** Every document of a project with its history, newest version first (the console's list). */
export async function listDocuments(ctx: AppContext, productId: number): Promise<OperatorDocument[]> {
  const [documents, rows] = await Promise.all([
    findDocumentsOf(ctx.db, productId),
    findDocumentVersions(ctx.db, productId),
  ]);
  return documents.map((document) => {
    const id = Number(document.id);
    const versions = rows.filter((row) => Number(row.document_id) === id);
    return { id, name: document.name, url: document.url, versions: toDocumentHistory(productId, id, versions) };
  });
}

/** The bytes of one version, or where the site serves it (first versions live in the client build). */
export async function readDocumentVersion(ctx: AppContext, productId: number, documentId: number, version: number) {
  const document = await findDocument(ctx.db, productId, documentId);
  const row = document ? await findDocumentVersion(ctx.db, documentId, version) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'There is no such document version.');
  if (!row.stored_path) return { kind: 'redirect', url: row.url } as const;
  const bytes = await readVersionBytes(ctx, row);
  if (!bytes) throw new AppError('NOT_FOUND', 'This document version is missing from storage.');
  const isPdf = bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  return {
    kind: 'file',
    bytes,
    contentType: isPdf ? 'application/pdf' : 'application/octet-stream',
    fileName: `${document!.name} v${version}${path.extname(row.stored_path)}`,
  } as const;
}
