import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../types';
import { seedCatalogue } from './catalogue';
import { demoPostsSeeder } from './posts';
import { claimMarker } from './repository';
import { demoRevenueSeeder } from './revenue';
import { demoOperatorsSeeder } from './operators';

/**
 * Demo data is written once, on the first start of a new data folder; the marker row in
 * app_meta keeps later starts (and other processes) from writing it again. Each capability
 * adds its own seeder to the list, written with the same factories its tests use.
 */
export interface Seeder {
  name: string;
  /** `currency` is the platform's (config CURRENCY): demo amounts and texts are written in it. */
  run: (trx: Transaction<Database>, now: Date, currency: string) => Promise<void>;
}

export const seeders: Seeder[] = [
  demoPostsSeeder,
  { name: 'catalogue', run: seedCatalogue },
  demoRevenueSeeder,
  demoOperatorsSeeder,
];

export const DEMO_SEED_MARKER = 'demo_seeded_at';

export async function seedDemoDataOnce(db: Kysely<Database>, now = new Date(), currency = 'USD'): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Another start (or another process) got here first: nothing to do.
    if (!(await claimMarker(trx, DEMO_SEED_MARKER, now.toISOString()))) return false;
    for (const seeder of seeders) await seeder.run(trx, now, currency);
    return true;
  });
}
