import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** An opening holding written straight in the ledger, as the demo seed writes them (orders have their own tests). */
export function grantHolding(email: string, quantity: number, productId: number, at = '2025-01-15T00:00:00.000Z') {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'));
  try {
    const user = db.prepare('select id from users where email = ?').get(email) as { id: string };
    db.prepare(
      `insert into holding_entries (product_id, user_id, quantity, reason, note, created_at) values (?, ?, ?, 'OPENING_BALANCE', 'Opening holding', ?)`,
    ).run(productId, user.id, quantity, at);
    db.prepare(
      'insert into product_holdings (product_id, user_id, quantity, first_invested_at, updated_at) values (?, ?, ?, ?, ?)',
    ).run(productId, user.id, quantity, at, at);
  } finally {
    db.close();
  }
}

/** Fills the project page's market form and places the order, once its summary shows. */
export async function placeOrder(page: Page, side: 'Buy' | 'Sell', price: string, quantity: string) {
  const panel = page.getByTestId('market-panel');
  await panel.getByRole('radio', { name: side, exact: true }).check();
  await panel.getByLabel(/^Price per token/).fill(price);
  await panel.getByLabel(/^Number of .* tokens$/).fill(quantity);
  await expect(panel.getByTestId('market-summary')).toBeVisible();
  await panel.getByRole('button', { name: `Place ${side.toLowerCase()} order` }).click();
}
