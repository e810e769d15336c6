import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Keys for data at rest, all derived from the data folder's secret with HKDF so each purpose
 * has its own key and none of them is ever stored.
 */
export interface DataKeys {
  /** AES-256-GCM key for TOTP seeds. */
  totpSecret: Buffer;
  /** HMAC key for one-time email codes and recovery codes. */
  codeHash: Buffer;
  /** AES-256-GCM key for payout bank account numbers. */
  bankAccount: Buffer;
}

export function deriveDataKeys(rootSecret: string): DataKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', rootSecret, 'moa-data-keys', info, 32));
  return {
    totpSecret: derive('totp-secret-v1'),
    codeHash: derive('code-hash-v1'),
    bankAccount: derive('bank-account-v1'),
  };
}

const ENCRYPTION_VERSION = 'v1';

/** `v1.<iv>.<tag>.<ciphertext>`, base64url; the version leaves room for key rotation. */
export function encryptText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [ENCRYPTION_VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptText(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== ENCRYPTION_VERSION || !iv || !tag || body === undefined) throw new Error('Unknown sealed format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A keyed hash: a stolen database alone does not let anyone test guesses offline. */
export function hashCode(key: Buffer, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\u0000')).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `length` decimal digits from the operating system's cryptographic source, uniformly. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += String(randomInt(10));
  return out;
}

// No 0/O, 1/I/L, so a code written on paper reads back unambiguously.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `XXXXX-XXXXX`: 10 symbols of a 31-letter alphabet, about 49 bits. */
export function randomRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i += 1) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

export function normalizeRecoveryCode(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}
