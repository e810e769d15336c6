import { sql, type Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// The demo catalogue's pictures became WebP files (scripts/render-demo-assets.ts), as an operator
// uploads them; the SVG files are gone. A data folder seeded before then names them, so its demo
// projects are pointed at the WebP files of the same name. Only the demo's own paths change:
// nothing an operator uploaded lives under /demo/projects/.

const columns: [table: string, column: string][] = [
  ['products', 'image'],
  ['products', 'logo'],
  ['product_about', 'logo'],
  ['product_about', 'location_image'],
  ['product_team_members', 'image'],
  ['product_images', 'url'],
];

async function rename(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  for (const [table, column] of columns) {
    const name = sql.ref(column);
    await sql`update ${sql.table(table)} set ${name} = substr(${name}, 1, length(${name}) - ${from.length}) || ${to}
      where ${name} like ${`/demo/projects/%${from}`}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, '.svg', '.webp');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(db, '.webp', '.svg');
}
