import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertContactMessage(
  db: Db,
  values: { name: string; email: string; topic: string; message: string; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...values, mailed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markContactMessageMailed(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('contact_messages').set({ mailed_at: at }).where('id', '=', id).execute();
}
