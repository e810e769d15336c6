import path from 'node:path';
import Database from 'better-sqlite3';

function databasePath(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return path.join(dir, 'moa.sqlite');
}

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(databasePath());
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The first public demo project with governance (proposals and agendas) in this database. */
export function findGovernanceProject(db: Database.Database): number {
  const row = db
    .prepare(
      `select id from products where is_governance = 1 and is_restricted = 0 and hide_status = 'SHOW'
       and exists (select 1 from product_community_sections s where s.product_id = products.id and s.type = 'PROPOSAL')
       order by id limit 1`,
    )
    .get() as { id: number } | undefined;
  if (!row) throw new Error('no governance project in the demo data');
  return row.id;
}

/** A public demo project with governance (proposals and agendas). */
export function governanceProjectId(): number {
  return withDb(findGovernanceProject);
}

/**
 * Tokens an investor already held a minute ago: an entry of the ledger and its projection, as
 * a confirmed order writes them (the payment flow has its own tests).
 */
export function giveHolding(email: string, productId: number, quantity: number): void {
  withDb((db) => {
    const user = db.prepare('select id from users where email = ?').get(email) as { id: string };
    const at = new Date(Date.now() - 60_000).toISOString();
    db.prepare(
      `insert into holding_entries (product_id, user_id, quantity, reason, note, created_at)
       values (?, ?, ?, 'CORRECTION', 'e2e holding', ?)`,
    ).run(productId, user.id, quantity, at);
    db.prepare(
      `insert into product_holdings (product_id, user_id, quantity, first_invested_at, updated_at) values (?, ?, ?, ?, ?)
       on conflict (product_id, user_id) do update set quantity = quantity + excluded.quantity`,
    ).run(productId, user.id, quantity, at, at);
  });
}

/** Moves a proposal's end into the past, as time would; the close itself is the server's. */
export function endVotingNow(title: string): void {
  withDb((db) => {
    db.prepare('update governance_votings set ends_at = ? where title = ?').run(
      new Date(Date.now() - 1000).toISOString(),
      title,
    );
  });
}

/**
 * Brings the pay date of every distribution the investor has a share in to a second ago, as
 * time would; paying the shares in is the server's (its sweep, or `revenue:sweep`).
 */
export function revenueDueNow(email: string): void {
  withDb((db) => {
    const at = new Date(Date.now() - 1000).toISOString();
    const distributions = `select s.distribution_id from revenue_shares s join users u on u.id = s.user_id where u.email = ?`;
    db.prepare(`update revenue_shares set pays_at = ? where distribution_id in (${distributions})`).run(at, email);
    db.prepare(`update revenue_distributions set pays_at = ? where id in (${distributions})`).run(at, email);
  });
}

/** A project's name and logo as the server stores them. */
export function projectNameAndLogo(productId: number): { name: string; logo: string } {
  return withDb(
    (db) => db.prepare('select name, logo from products where id = ?').get(productId) as { name: string; logo: string },
  );
}
