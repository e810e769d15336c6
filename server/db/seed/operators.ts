import type { Transaction } from 'kysely';
import { insertUser } from '../../modules/users/records-repository';
import { changeUserRoleIn } from '../../modules/users/service';
import type { Database } from '../types';
import type { Seeder } from './index';

/**
 * Two admin accounts, so four eyes can be tried on the demo: one proposes, the other approves.
 * They sign in like anyone (an email code from the development mailbox) and set up their
 * authenticator on the first sign-in, as every account does.
 */
export const DEMO_OPERATORS = [
  { email: 'admin@demo.moa.localhost', name: 'Demo admin' },
  { email: 'admin2@demo.moa.localhost', name: 'Second demo admin' },
] as const;

const SEED_META = { ip: 'system', userAgent: 'Moa demo data' };

export async function seedOperators(trx: Transaction<Database>, now: Date): Promise<void> {
  const at = now.toISOString();
  for (const operator of DEMO_OPERATORS) {
    const userId = await insertUser(trx, { email: operator.email, name: operator.name }, at);
    await changeUserRoleIn(trx, userId, 'ADMIN', SEED_META, at, { by: 'demo data' });
  }
}

export const demoOperatorsSeeder: Seeder = { name: 'operators', run: seedOperators };
