import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config';
import { generateVapidKeys, loadOrCreateSecrets, SECRETS_FILE } from '../../server/secrets';

describe('VAPID keys and the push sweep settings', () => {
  it('generates the key pair once into the data folder and keeps it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'moa-vapid-'));
    const first = loadOrCreateSecrets(dir);
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapidPrivateKey, 'base64url')).toHaveLength(32);
    expect(loadOrCreateSecrets(dir)).toEqual(first);
    const stored = JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8')) as Record<string, string>;
    expect(stored.vapidPublicKey).toBe(first.vapidPublicKey);
  });

  it('generates a pair web-push signs with, without loading web-push at start', () => {
    const keys = generateVapidKeys();
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    const headers = webpush.getVapidHeaders(
      'https://push.example',
      'mailto:operators@moa.example',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${keys.publicKey}$`));
  });

  it('adds the pair to a data folder from before push, keeping its other secrets', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'moa-vapid-'));
    const older = { tokenSigningKey: 'a'.repeat(48), dataEncryptionKey: 'b'.repeat(48) };
    writeFileSync(path.join(dir, SECRETS_FILE), JSON.stringify(older));
    const secrets = loadOrCreateSecrets(dir);
    expect(secrets).toMatchObject(older);
    expect(secrets.vapidPublicKey.length).toBeGreaterThan(80);
  });

  it('lets the environment win, with both keys or neither', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    const dir = mkdtempSync(path.join(tmpdir(), 'moa-vapid-'));
    const secrets = loadOrCreateSecrets(dir, {
      vapidPublicKey: config.VAPID_PUBLIC_KEY,
      vapidPrivateKey: config.VAPID_PRIVATE_KEY,
    });
    expect(secrets).toMatchObject({ vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey });
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /^Invalid environment variable VAPID_PRIVATE_KEY: the VAPID keys are set together/,
    );
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /^Invalid environment variable VAPID_PUBLIC_KEY/,
    );
    expect(() => parseConfig({ VAPID_SUBJECT: 'operators@moa.example' })).toThrow(
      /^Invalid environment variable VAPID_SUBJECT: must be a mailto: or https:\/\/ URL/,
    );
    expect(parseConfig({}).PUSH_SWEEP_INTERVAL_MS).toBe(2000);
    expect(parseConfig({ PUSH_SWEEP_INTERVAL_MS: '0' }).PUSH_SWEEP_INTERVAL_MS).toBe(0);
    expect(() => parseConfig({ PUSH_SWEEP_INTERVAL_MS: '-1' })).toThrow(/PUSH_SWEEP_INTERVAL_MS/);
  });
});
