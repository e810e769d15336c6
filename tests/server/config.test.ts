import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../server/config';
import { loadOrCreateSecrets, SECRETS_FILE } from '../../server/secrets';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ HOST: '127.0.0.1', PORT: 3000, NODE_ENV: 'development', CURRENCY: 'USD' });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads PORT, HOST and DATA_DIR', () => {
    const config = parseConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/var/lib/moa' });
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', dataDir: '/var/lib/moa' });
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid environment variable PORT: .*\(got "eighty"\)$/],
    [{ PORT: '70000' }, /^Invalid environment variable PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment variable DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ NODE_ENV: 'staging' }, /^Invalid environment variable NODE_ENV/],
    [{ CURRENCY: 'usd' }, /^Invalid environment variable CURRENCY/],
    [{ TRUST_PROXY: 'yes' }, /^Invalid environment variable TRUST_PROXY: must be true or false/],
    [{ TOKEN_SIGNING_KEY: 'short' }, /^Invalid environment variable TOKEN_SIGNING_KEY: must be at least 32 characters/],
  ])('stops with one line naming the variable: %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});

describe('TOTP_TEST_PAST_STEPS', () => {
  it('is refused by a production server, and by any server that is not a test server', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => parseConfig({ NODE_ENV, SMTP_URL: 'smtp://mail.example', TOTP_TEST_PAST_STEPS: '120' })).toThrow(
        /^Invalid environment variable TOTP_TEST_PAST_STEPS: allowed only when NODE_ENV is test$/,
      );
    }
    expect(() => parseConfig({ TOTP_TEST_PAST_STEPS: '120' })).toThrow(ConfigError);
  });

  it('is read by a test server, and unset everywhere by default', () => {
    expect(parseConfig({ NODE_ENV: 'test', TOTP_TEST_PAST_STEPS: '120' }).TOTP_TEST_PAST_STEPS).toBe(120);
    expect(parseConfig({ NODE_ENV: 'production' }).TOTP_TEST_PAST_STEPS).toBeUndefined();
    expect(() => parseConfig({ NODE_ENV: 'test', TOTP_TEST_PAST_STEPS: '0' })).toThrow(
      /^Invalid environment variable TOTP_TEST_PAST_STEPS/,
    );
  });
});

describe('secrets in the data folder', () => {
  it('generates a signing key once, keeps it private, and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'moa-secrets-'));
    const first = loadOrCreateSecrets(dir);
    expect(first.tokenSigningKey.length).toBeGreaterThanOrEqual(64);
    const file = path.join(dir, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecrets(dir)).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  });

  it('an environment value wins over the stored one without overwriting it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'moa-secrets-'));
    const stored = loadOrCreateSecrets(dir);
    const override = 'x'.repeat(40);
    expect(loadOrCreateSecrets(dir, { tokenSigningKey: override }).tokenSigningKey).toBe(override);
    expect(loadOrCreateSecrets(dir)).toEqual(stored);
  });

  it('refuses a damaged secrets file instead of silently replacing keys', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'moa-secrets-'));
    writeFileSync(path.join(dir, SECRETS_FILE), JSON.stringify({ tokenSigningKey: 'short' }));
    expect(() => loadOrCreateSecrets(dir)).toThrow(/not a valid secrets file/);
  });
});
