import type { Insertable, Kysely } from 'kysely';
import type { Database, ProductDocumentVersionsTable } from '../../db/types';

type Db = Kysely<Database>;

/** Every version of every document of a project, newest version first within each document. */
export async function findDocumentVersions(db: Db, productId: number) {
  return db
    .selectFrom('product_document_versions')
    .innerJoin('product_documents', 'product_documents.id', 'product_document_versions.document_id')
    .selectAll('product_document_versions')
    .select(['product_documents.name as document_name', 'product_documents.sort_order as document_order'])
    .where('product_documents.product_id', '=', productId)
    .orderBy('product_documents.sort_order')
    .orderBy('product_documents.id')
    .orderBy('product_document_versions.version', 'desc')
    .execute();
}

export async function findDocument(db: Db, productId: number, documentId: number) {
  return db
    .selectFrom('product_documents')
    .selectAll()
    .where('id', '=', documentId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export async function findDocumentVersion(db: Db, documentId: number, version: number) {
  return db
    .selectFrom('product_document_versions')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Records the hash of a version whose bytes were read for the first time (never overwrites one). */
export async function recordVersionHash(db: Db, id: number, sha256: string, size: number): Promise<void> {
  await db
    .updateTable('product_document_versions')
    .set({ sha256, size })
    .where('id', '=', id)
    .where('sha256', 'is', null)
    .execute();
}

export async function insertDocumentVersion(db: Db, values: Insertable<ProductDocumentVersionsTable>) {
  await db.insertInto('product_document_versions').values(values).execute();
}

export async function pointDocumentAt(db: Db, documentId: number, url: string): Promise<void> {
  await db.updateTable('product_documents').set({ url }).where('id', '=', documentId).execute();
}

/** A project's documents in the order its page lists them. */
export async function findDocumentsOf(db: Db, productId: number) {
  return db
    .selectFrom('product_documents')
    .select(['id', 'name', 'url'])
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** A new document, listed after the project's others; its address is set by its first version. */
export async function insertDocument(db: Db, productId: number, name: string): Promise<number> {
  const last = await db
    .selectFrom('product_documents')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const row = await db
    .insertInto('product_documents')
    .values({ product_id: productId, name, description: '', url: '', sort_order: Number(last?.last ?? -1) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
