import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postListSchema } from '../../src/domain/posts';
import { seedDemoDataOnce } from '../../server/db/seed/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/db';

describe.each(testEngines())('the demo blog on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedDemoDataOnce(t.db.db);
  });
  afterAll(() => t.close());

  it('publishes at least eight posts with authors, pictures that exist and a read time', async () => {
    const response = await t.app.inject({ url: '/api/v1/posts?limit=50' });
    const list = postListSchema.parse(response.json());
    expect(list.totalElements).toBeGreaterThanOrEqual(8);
    for (const post of list.postPayloads) {
      expect(post.readTime).toBeGreaterThanOrEqual(1);
      expect(post.content).toMatch(/<h2>/);
      for (const image of [post.thumbnail, post.author.image]) {
        expect(image).toMatch(/^\/demo\/blog\//);
        expect(existsSync(path.join('public', image!))).toBe(true);
      }
    }
    expect(new Set(list.postPayloads.map((post) => post.author.name)).size).toBeGreaterThanOrEqual(3);
  });
});
