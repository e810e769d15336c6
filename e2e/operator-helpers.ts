import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { createEnrolledUser } from './auth-helpers';
import { moa } from './catalogue-helpers';

/** With E2E_SCREENSHOT_DIR set, the screen is also saved (at the test's width), for review by eye. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A new account made ADMIN the way an operator team does it: proposed by one admin, approved by the other. */
export async function newAdmin(request: APIRequestContext, email: string) {
  const user = await createEnrolledUser(request, email);
  const proposed = moa('user:role', email, 'ADMIN', '--as', 'admin@demo.moa.localhost');
  const id = /Approval (\S+) proposed/.exec(proposed)?.[1];
  if (id) moa('approval:approve', id, '--as', 'admin2@demo.moa.localhost');
  return user;
}

/**
 * The browser signed in as this account (second factor passed), and nobody else. The context's
 * open pages are left first: a page of the previous account still running could be refused in
 * the moment between the two cookies and, ending its session, clear the new account's cookie.
 */
export async function signInAs(context: BrowserContext, baseURL: string, accessToken: string): Promise<void> {
  for (const open of context.pages()) await open.goto('about:blank');
  await context.clearCookies();
  await context.addCookies([{ name: 'access_token', value: accessToken, url: baseURL, secure: true }]);
}

/**
 * The audit log's entries (cards at phone width, table rows from 1024 px) whose text holds every
 * one of `texts`: an action with its actor, say.
 */
export function auditEntries(page: Page, width: number, ...texts: string[]) {
  let entries = page.locator(width >= 1024 ? 'table tbody tr' : 'ul[aria-label="Audit log"] > li');
  for (const text of texts) entries = entries.filter({ hasText: text });
  return entries;
}
