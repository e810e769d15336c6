import { Secret } from 'otpauth';

export const base32Of = (bytes: Buffer): string =>
  new Secret({ buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer })
    .base32;
