import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

/**
 * Secrets a new install needs are generated once into the data folder (mode 0600) and
 * reused on every start; an environment variable wins when set. Nothing is committed.
 */
const secretsSchema = z.object({
  tokenSigningKey: z.string().min(32),
  /** Root of the keys that encrypt secrets at rest (TOTP seeds) and hash one-time codes. */
  dataEncryptionKey: z.string().min(32),
  /** The VAPID key pair (P-256, base64url) that signs every web push; browsers bind subscriptions to it. */
  vapidPublicKey: z.string().min(40),
  vapidPrivateKey: z.string().min(20),
});
export type Secrets = z.infer<typeof secretsSchema>;

export const SECRETS_FILE = 'secrets.json';

export function loadOrCreateSecrets(dataDir: string, overrides: Partial<Secrets> = {}): Secrets {
  const file = path.join(dataDir, SECRETS_FILE);
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) {
    const parsed = secretsSchema.partial().safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is not a valid secrets file; move it away to generate a new one`);
    stored = parsed.data;
  }
  // The two halves of the VAPID pair are only ever generated together.
  const vapid =
    stored.vapidPublicKey && stored.vapidPrivateKey
      ? { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey }
      : webpush.generateVAPIDKeys();
  const generated: Secrets = {
    tokenSigningKey: stored.tokenSigningKey ?? randomBytes(48).toString('base64url'),
    dataEncryptionKey: stored.dataEncryptionKey ?? randomBytes(48).toString('base64url'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  if (JSON.stringify(generated) !== JSON.stringify(stored)) {
    writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { ...generated, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v)) };
}
