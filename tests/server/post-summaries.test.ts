import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describePost } from '../../src/domain/post-text';
import { postListSchema, postSchema } from '../../src/domain/posts';
import * as postDescriptions from '../../server/db/migrations/2026-11-23-1100-post-descriptions';
import { insertPost } from '../../server/modules/posts/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/db';

describe.each(testEngines())('post descriptions and read times are stored, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('are written with the post, from its sanitized content', async () => {
    const content = `<p>${'한우 '.repeat(120)}</p><script>${'hidden '.repeat(500)}</script><p>${'word '.repeat(300)}</p>`;
    const post = await insertPost(t.db.db, { urlTitle: 'stored-at-write', content });
    const row = await t.db.db
      .selectFrom('posts')
      .select(['description', 'read_time', 'content'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(describePost(row.content));
    // 150 characters, less the space the cut ends on.
    expect([...new Intl.Segmenter().segment(row.description)]).toHaveLength(149);
    expect(row.read_time).toBe(3);
  });

  it('are what the list and the post serve, with no text worked out per request', async () => {
    const post = await insertPost(t.db.db, { urlTitle: 'served-as-stored' });
    // A stored value that no recomputation would give: if a read worked it out again, this would fail.
    await t.db.db
      .updateTable('posts')
      .set({ description: 'As stored when written.', read_time: 42 })
      .where('id', '=', post.id)
      .execute();
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      const list = postListSchema.parse((await t.app.inject({ url: '/api/v1/posts?limit=50' })).json());
      const listed = list.postPayloads.find((candidate) => candidate.id === post.id)!;
      expect(listed).toMatchObject({ description: 'As stored when written.', readTime: 42 });
      const one = postSchema.parse((await t.app.inject({ url: '/api/v1/posts/names/served-as-stored' })).json());
      expect(one).toMatchObject({ description: 'As stored when written.', readTime: 42 });
      expect(segment).not.toHaveBeenCalled();
    } finally {
      segment.mockRestore();
    }
  });

  it('are filled in for posts written before the column existed', async () => {
    const content = '<h2>Before</h2><p>A post from the days when descriptions were worked out on every read.</p>';
    await insertPost(t.db.db, { urlTitle: 'older-post', content });
    // Migrations see the database untyped.
    const untyped = t.db.db as unknown as Kysely<unknown>;
    await postDescriptions.down(untyped);
    await postDescriptions.up(untyped);
    const row = await t.db.db
      .selectFrom('posts')
      .select(['description', 'content'])
      .where('url_title', '=', 'older-post')
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(describePost(row.content));
    expect(row.description).toBe('Before A post from the days when descriptions were worked out on every read.');
  });
});
