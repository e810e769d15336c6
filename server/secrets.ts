import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from './config';

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

/**
 * A new VAPID key pair, as web-push's generateVAPIDKeys makes it (P-256; the uncompressed public
 * point, 65 bytes, and the private scalar, 32 bytes, both base64url), without loading web-push
 * at every start for a pair made once per data folder.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const pad = (key: Buffer, length: number) => Buffer.concat([Buffer.alloc(Math.max(0, length - key.length)), key]);
  return {
    publicKey: pad(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: pad(curve.getPrivateKey(), 32).toString('base64url'),
  };
}

/**
 * The secrets of a process: each from its environment variable when set, the rest from the data
 * folder (generated there once). When the environment gives all four, the data folder is neither
 * read nor written, so processes on several machines share them through their environment alone.
 */
export function secretsFor(
  config: Pick<
    AppConfig,
    'dataDir' | 'TOKEN_SIGNING_KEY' | 'DATA_ENCRYPTION_KEY' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'
  >,
): Secrets {
  const overrides = {
    tokenSigningKey: config.TOKEN_SIGNING_KEY,
    dataEncryptionKey: config.DATA_ENCRYPTION_KEY,
    vapidPublicKey: config.VAPID_PUBLIC_KEY,
    vapidPrivateKey: config.VAPID_PRIVATE_KEY,
  };
  const { tokenSigningKey, dataEncryptionKey, vapidPublicKey, vapidPrivateKey } = overrides;
  if (tokenSigningKey && dataEncryptionKey && vapidPublicKey && vapidPrivateKey) {
    return { tokenSigningKey, dataEncryptionKey, vapidPublicKey, vapidPrivateKey };
  }
  return loadOrCreateSecrets(config.dataDir, overrides);
}

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
      : generateVapidKeys();
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
