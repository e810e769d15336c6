import path from 'node:path';
import type { MyDocumentsResponse } from '../../../src/domain/portfolio';
import type { CallerId } from '../auth/service';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findDocumentVersions, readVersionBytes } from '../documents/service';
import {
  findDocumentById,
  findDocumentsOfProducts,
  findHeldProducts,
  findHoldingQuantity,
  findSignedContracts,
} from './repository';

// The documents of the projects an investor holds, and the contracts they signed.

const NA = 'N/A';

function fileNameOf(url: string): string {
  const name = decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? '').trim();
  return name || NA;
}

export async function listMyDocuments(ctx: AppContext, caller: CallerId): Promise<MyDocumentsResponse> {
  const userId = caller.user.id;
  const held = await findHeldProducts(ctx.db, userId);
  const documents = await findDocumentsOfProducts(
    ctx.db,
    held.map((row) => Number(row.id)),
  );
  const contracts = await findSignedContracts(ctx.db, userId);
  return {
    documents: documents.map((doc) => ({
      id: Number(doc.id),
      productId: Number(doc.product_id),
      productName: doc.product_name,
      fileName: fileNameOf(doc.url),
      title: doc.name.trim() || NA,
      downloadUrl: `/api/v1/users/me/documents/${Number(doc.id)}`,
    })),
    contracts: contracts.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      productId: Number(row.product_id),
      productName: row.product_name,
      fileName: row.file_name,
      signedAt: row.signed_at,
      downloadUrl: `/api/v1/users/me/sign-files/${row.id}`,
    })),
  };
}

/** The current version of a project document, for an investor who holds the project now. */
export async function readMyDocument(ctx: AppContext, caller: CallerId, documentId: number) {
  const userId = caller.user.id;
  const document = await findDocumentById(ctx.db, documentId);
  const productId = document ? Number(document.product_id) : 0;
  // Someone else's project answers exactly like a missing document: nothing to learn from it.
  if (!document || (await findHoldingQuantity(ctx.db, userId, productId)) <= 0) {
    throw new AppError('NOT_FOUND', 'There is no such document among your projects.');
  }
  const current = (await findDocumentVersions(ctx.db, productId)).find((row) => Number(row.document_id) === documentId);
  const bytes = current ? await readVersionBytes(ctx, current) : null;
  if (!current || !bytes) throw new AppError('NOT_FOUND', 'This document is missing from storage.');
  const isPdf = bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  const extension = path.extname(current.stored_path ?? current.url.split('?')[0]!) || (isPdf ? '.pdf' : '');
  return {
    bytes,
    contentType: isPdf ? 'application/pdf' : 'application/octet-stream',
    fileName: `${document.name}${extension}`,
  };
}
