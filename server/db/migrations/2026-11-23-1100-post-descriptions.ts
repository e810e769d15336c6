import he from 'he';
import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely, its own helpers and libraries.
// A post's description (its text without markup, cut to 150 characters) is stored when the post
// is written instead of being worked out on every read. Existing posts get theirs here, from a
// copy of the rule as it stood when this migration was written (src/domain/post-text.ts).

const HIDDEN_ELEMENTS = /<(script|style|template|noscript|iframe|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BLOCK_BOUNDARY =
  /<\/?(p|div|br|hr|h[1-6]|li|ul|ol|blockquote|figure|figcaption|pre|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi;
const MAX_CHARS = 150;

function describe(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(HIDDEN_ELEMENTS, ' ')
    .replace(BLOCK_BOUNDARY, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\s+/g, ' ');
  const text = he.decode(withoutTags).replace(/\s+/g, ' ').trim();
  const parts = Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), (part) => part.segment);
  return parts.length <= MAX_CHARS ? text : parts.slice(0, MAX_CHARS).join('').trimEnd();
}

interface PostRow {
  id: number;
  content: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('description', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
    .execute();
  const posts = db as unknown as Kysely<{ posts: PostRow & { description: string } }>;
  let after = 0;
  for (;;) {
    const rows = await posts
      .selectFrom('posts')
      .select(['id', 'content'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(200)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await posts
        .updateTable('posts')
        .set({ description: describe(row.content) })
        .where('id', '=', row.id)
        .execute();
    }
    after = Number(rows.at(-1)!.id);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('description').execute();
}
