import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertStartable, ConfigError, parseConfig } from '../../server/config';
import { generateVapidKeys, loadOrCreateSecrets, SECRETS_FILE, secretsFor } from '../../server/secrets';

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

describe('file storage settings', () => {
  it('keep files in the data folder unless a bucket is named', () => {
    expect(parseConfig({}).s3).toBeNull();
  });

  it('read a bucket from S3_URL, keys percent-decoded, plain http only when asked', () => {
    const config = parseConfig({
      S3_URL: 's3://AKIA1:se%2Fcr%40et@minio.internal:9000/moa-files?region=eu-west-3&tls=false',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://minio.internal:9000',
      bucket: 'moa-files',
      region: 'eu-west-3',
      forcePathStyle: true,
      accessKeyId: 'AKIA1',
      secretAccessKey: 'se/cr@et',
    });
    expect(parseConfig({ S3_URL: 's3://files.example/moa?forcePathStyle=false' }).s3).toEqual({
      endpoint: 'https://files.example',
      bucket: 'moa',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('read a bucket from the separate settings', () => {
    expect(parseConfig({ S3_BUCKET: 'moa-files', S3_REGION: 'ap-northeast-2' }).s3).toEqual({
      bucket: 'moa-files',
      region: 'ap-northeast-2',
      forcePathStyle: false,
    });
    expect(
      parseConfig({
        S3_ENDPOINT: 'https://s3.example:9000/',
        S3_BUCKET: 'moa-files',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret-key',
      }).s3,
    ).toEqual({
      endpoint: 'https://s3.example:9000',
      bucket: 'moa-files',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'key-id',
      secretAccessKey: 'secret-key',
    });
  });

  it.each([
    [{ S3_URL: 'https://host/bucket' }, /^Invalid environment variable S3_URL: must be an s3:\/\//],
    [{ S3_URL: 's3://key:secret@host' }, /^Invalid environment variable S3_URL: must name a bucket/],
    [{ S3_URL: 's3://key@host/bucket' }, /^Invalid environment variable S3_URL: must give both/],
    [
      { S3_URL: 's3://host/bucket?pathStyle=true' },
      /^Invalid environment variable S3_URL: unknown parameter "pathStyle"/,
    ],
    [{ S3_URL: 's3://host/bucket?tls=maybe' }, /^Invalid environment variable S3_URL: tls must be true or false/],
    [{ S3_URL: 's3://host/bucket', S3_BUCKET: 'other' }, /^Invalid environment variable S3_BUCKET: S3_URL already/],
    [{ S3_REGION: 'eu-west-1' }, /^Invalid environment variable S3_BUCKET: required/],
    [{ S3_BUCKET: 'Not_A_Bucket' }, /^Invalid environment variable S3_BUCKET: must be a bucket name/],
    [
      { S3_BUCKET: 'moa', S3_ACCESS_KEY_ID: 'key-id' },
      /^Invalid environment variable S3_SECRET_ACCESS_KEY: the S3 keys/,
    ],
    [{ S3_BUCKET: 'moa', S3_ENDPOINT: 'ftp://x' }, /^Invalid environment variable S3_ENDPOINT: must be an http/],
    [{ DATA_ENCRYPTION_KEY: 'short' }, /^Invalid environment variable DATA_ENCRYPTION_KEY: must be at least 32/],
  ])('refuse %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('never print the keys of a bad S3_URL', () => {
    expect(() => parseConfig({ S3_URL: 's3://AKIA-SECRET-ID:very-secret@host/B' })).toThrow(/the value is not shown/);
    try {
      parseConfig({ S3_URL: 's3://AKIA-SECRET-ID:very-secret@host/B' });
    } catch (error) {
      expect(String(error)).not.toMatch(/very-secret|AKIA-SECRET-ID/);
    }
  });

  it('in production with a bucket, require every secret from the environment', () => {
    const env = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example', S3_URL: 's3://k:s@host/moa-files' };
    expect(() => assertStartable(parseConfig(env))).toThrow(
      /^Invalid environment variable TOKEN_SIGNING_KEY: required when NODE_ENV is production and files go to a bucket/,
    );
    const vapid = generateVapidKeys();
    const secrets = {
      TOKEN_SIGNING_KEY: 'k'.repeat(40),
      DATA_ENCRYPTION_KEY: 'd'.repeat(40),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    expect(() => assertStartable(parseConfig({ ...env, ...secrets }))).not.toThrow();
  });
});

describe('secrets from the environment', () => {
  it('when all four are given, the data folder is neither read nor written', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'moa-secrets-env-'));
    // A damaged file would stop a start that read it.
    writeFileSync(path.join(dir, SECRETS_FILE), 'not json');
    const vapid = generateVapidKeys();
    const config = parseConfig({
      DATA_DIR: dir,
      TOKEN_SIGNING_KEY: 't'.repeat(40),
      DATA_ENCRYPTION_KEY: 'e'.repeat(40),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    expect(secretsFor(config)).toEqual({
      tokenSigningKey: 't'.repeat(40),
      dataEncryptionKey: 'e'.repeat(40),
      vapidPublicKey: vapid.publicKey,
      vapidPrivateKey: vapid.privateKey,
    });
    expect(readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).toBe('not json');
    const empty = mkdtempSync(path.join(tmpdir(), 'moa-secrets-env-'));
    secretsFor({ ...config, dataDir: empty });
    expect(readdirSync(empty)).toEqual([]);
  });

  it('the data encryption key from the environment wins, the rest come from the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'moa-secrets-env-'));
    const first = secretsFor(parseConfig({ DATA_DIR: dir }));
    const withKey = secretsFor(parseConfig({ DATA_DIR: dir, DATA_ENCRYPTION_KEY: 'x'.repeat(40) }));
    expect(withKey).toEqual({ ...first, dataEncryptionKey: 'x'.repeat(40) });
    expect(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8'))).toEqual(first);
  });
});
