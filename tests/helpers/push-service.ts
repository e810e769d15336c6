import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/**
 * A push service of our own on 127.0.0.1, standing in for the browser vendor's: it checks
 * each message is VAPID-signed and aes128gcm-encrypted for the subscription the test made
 * (RFC 8291, 8188, 8292), decrypts it, and answers with whatever status the test queued.
 */

/** A browser's side of a subscription: the P-256 key pair and the auth secret. */
export interface DeviceKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function createDeviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts one aes128gcm record as the browser would; throws when anything is off. */
export function decryptAes128gcm(body: Buffer, keys: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id is ${idLength} bytes, not an uncompressed P-256 key`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const shared = keys.ecdh.computeSecret(senderPublic);
  const authSecret = Buffer.from(keys.auth, 'base64url');
  const receiverPublic = keys.ecdh.getPublicKey();
  // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
  const prkKey = hmac(authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188 section 2.2 and 2.3: content key and nonce.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` against the server's public key (RFC 8292). */
export async function verifyVapid(authorization: string | undefined, publicKey: string, audience: string, now: Date) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, key] = match;
  if (key !== publicKey) throw new Error('signed with another key');
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  if (decodeProtectedHeader(token!).alg !== 'ES256') throw new Error('not ES256');
  const { payload } = await jwtVerify(token!, await importJWK(jwk, 'ES256'), { audience, currentDate: now });
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('no subject');
  if ((payload.exp ?? 0) - now.getTime() / 1000 > 24 * 3600 + 60) throw new Error('expires more than 24 h ahead');
  return payload;
}

export interface ReceivedPush {
  device: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
}

export interface FakePushService {
  origin: string;
  /** A subscription endpoint for a device name. */
  endpointFor: (device: string) => string;
  /** Statuses this device's endpoint answers, in turn; 201 once the queue is empty. */
  queue: (device: string, ...statuses: Array<number | { status: number; retryAfter?: string }>) => void;
  received: ReceivedPush[];
  close: () => Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const queues = new Map<string, Array<{ status: number; retryAfter?: string }>>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = decodeURIComponent((request.url ?? '/').replace(/^\/push\//, ''));
      const next = queues.get(device)?.shift() ?? { status: 201 };
      received.push({ device, headers: request.headers, body: Buffer.concat(chunks), status: next.status });
      if (next.retryAfter) response.setHeader('Retry-After', next.retryAfter);
      response.writeHead(next.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpointFor: (device) => `${origin}/push/${encodeURIComponent(device)}`,
    queue: (device, ...statuses) => {
      const list = queues.get(device) ?? [];
      list.push(...statuses.map((item) => (typeof item === 'number' ? { status: item } : item)));
      queues.set(device, list);
    },
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Endpoints no subscription may name: every notation of an internal address, and internal names. */
export const REFUSED_ENDPOINTS = [
  'https://127.0.0.1/push',
  'https://127.0.0.1:8443/push',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/',
  'https://192.168.1.1/',
  'https://8.8.8.8/',
  'https://0x7f000001/',
  'https://2130706433/',
  'https://127.1/',
  'https://0177.0.0.1/',
  'https://%31%32%37.0.0.1/',
  'https://0/',
  'https://[::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[fd00::1]/',
  'https://[2606:4700::1111]/',
  'https://localhost/',
  'https://localhost./',
  'https://LOCALHOST./x',
  'https://push.localhost/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://printer.local/',
  'https://intranet/',
  'https://push.example/',
  'https://push.test/',
  'https://1.2.3.4.5/',
  'https://fcm.googleapis.com:8443/fcm/send/x',
  'https://user:secret@fcm.googleapis.com/fcm/send/x',
  'http://fcm.googleapis.com/fcm/send/x',
  'http://127.0.0.1:4000/push',
  'ftp://fcm.googleapis.com/x',
  'not a url',
];

/** Endpoints as the browsers' push services hand them out. */
export const ACCEPTED_ENDPOINTS = [
  'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
  'https://fcm.googleapis.com:443/fcm/send/x',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
  'https://web.push.apple.com/QGm7-eHnm',
  'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
  'https://fcm.googleapis.com./fcm/send/x',
];
