import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as demoPictures from '../../server/db/migrations/2026-11-29-0100-demo-pictures-webp';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';

/** A data folder seeded before the demo's pictures became WebP points its demo projects at them. */
describe.each(testEngines())('demo pictures named as WebP (%s)', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(() => db.destroy());

  async function pictures(productId: number) {
    const product = await db.db
      .selectFrom('products')
      .select(['image', 'logo'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const about = await db.db
      .selectFrom('product_about')
      .select(['logo', 'location_image'])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    const team = await db.db
      .selectFrom('product_team_members')
      .select('image')
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .execute();
    const images = await db.db
      .selectFrom('product_images')
      .select('url')
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .execute();
    return [
      product.image,
      product.logo,
      about.logo,
      about.location_image,
      ...team.map((row) => row.image),
      ...images.map((row) => row.url),
    ];
  }

  it('renames the demo’s SVG paths and leaves every other picture alone, both ways', async () => {
    const categoryId = await insertCategory(db.db, 'Pictures');
    const base = '/demo/projects/han-river-sessions';
    const demo = await insertProduct(db.db, {
      categoryId,
      name: 'Demo',
      image: `${base}/cover.svg`,
      logo: `${base}/logo.svg`,
      about: { legalName: 'Demo Ltd', logo: `${base}/logo.svg`, locationImage: `${base}/location.svg` },
      team: [{ name: 'A', role: 'Lead', description: 'Leads', image: `${base}/team-1.svg` }],
      images: [
        { url: `${base}/cover.svg`, altText: 'Cover' },
        { url: `${base}/gallery-1.svg`, altText: 'Gallery' },
      ],
    });
    // Uploaded by an operator, or an SVG outside the demo's folder: never touched.
    const uploaded = await insertProduct(db.db, {
      categoryId,
      name: 'Uploaded',
      image: '/api/v1/products/images/abc.webp',
      logo: '/icons/favicon.svg',
      about: { legalName: 'Own Ltd', logo: '/uploads/logo.svg', locationImage: null },
      team: [{ name: 'B', role: 'Lead', description: 'Leads', image: '/demo/blog/authors/jiwoo-han.svg' }],
      images: [{ url: '/uploads/cover.svg', altText: 'Cover' }],
    });
    const uploadedBefore = await pictures(uploaded);

    await demoPictures.up(db.db as unknown as Kysely<unknown>);
    expect(await pictures(demo)).toEqual([
      `${base}/cover.webp`,
      `${base}/logo.webp`,
      `${base}/logo.webp`,
      `${base}/location.webp`,
      `${base}/team-1.webp`,
      `${base}/cover.webp`,
      `${base}/gallery-1.webp`,
    ]);
    expect(await pictures(uploaded)).toEqual(uploadedBefore);

    await demoPictures.down(db.db as unknown as Kysely<unknown>);
    expect((await pictures(demo)).every((url) => url?.endsWith('.svg'))).toBe(true);
    expect(await pictures(uploaded)).toEqual(uploadedBefore);
    await demoPictures.up(db.db as unknown as Kysely<unknown>);
  });
});
