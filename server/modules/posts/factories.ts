import type { Kysely, Transaction } from 'kysely';
import type { Post } from '../../../src/domain/posts';
import type { Database } from '../../db/types';
import { createPostIn, type NewPost } from './service';

let sequence = 0;

/** A complete, valid post; tests override what they care about. The demo seed uses it too. */
export function buildPost(overrides: Partial<NewPost> = {}): NewPost {
  sequence += 1;
  const n = sequence;
  return {
    title: `Field notes ${n}`,
    urlTitle: `field-notes-${n}-${Math.random().toString(36).slice(2, 8)}`,
    subTitle: 'A short report from one of our partner projects.',
    content: '<p>What we saw this month on the farm, in the studio and in the kitchen.</p>',
    author: { name: 'Moa editors', image: null },
    thumbnail: null,
    postedAt: new Date(Date.now() - 60_000),
    isHide: false,
    ...overrides,
  };
}

/** Writes a post through the same service operators use (sanitizing, read time). */
export async function insertPost(
  db: Kysely<Database> | Transaction<Database>,
  overrides: Partial<NewPost> = {},
): Promise<Post> {
  const input = buildPost(overrides);
  const now = new Date();
  return db.isTransaction
    ? createPostIn(db as Transaction<Database>, input, now)
    : db.transaction().execute((trx) => createPostIn(trx, input, now));
}
