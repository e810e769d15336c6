import type { Transaction } from 'kysely';
import type { Database } from '../types';

/**
 * Claims a one-time marker in app_meta (SQL only): true for the first caller, false for every
 * later one, whichever process it runs in.
 */
export async function claimMarker(trx: Transaction<Database>, key: string, at: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('app_meta')
    .values({ key, value: at, updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
