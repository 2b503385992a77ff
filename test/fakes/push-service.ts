/**
 * A loopback Web Push service over TLS, checking what a real one checks: the VAPID JWT
 * (RFC 8292) is ES256-signed by the key in `k=`, names this origin as its audience, expires
 * within a day and has a subject; the body is aes128gcm (RFC 8188) and decrypts with the
 * subscription's own keys (RFC 8291); TTL is present. Accepted messages are decrypted and
 * kept, as the browser would receive them. Its certificate is a throwaway one made with the
 * openssl CLI; whoever calls it must trust that certificate (NODE_EXTRA_CA_CERTS for the binary).
 *
 * A subscription is made here as a browser makes one: a P-256 key pair and a 16-byte auth
 * secret, the endpoint a URL of this service.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { importJWK, jwtVerify } from 'jose';
import { fieldsOf, rewindable } from './rewind';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushedMessage {
  subscription: string;
  payload: any;
  /** the VAPID public key the JWT was checked against (k=) */
  vapidKey: string;
  claims: Record<string, unknown>;
}

/** how the push service answers one subscription's messages */
export type PushAnswer = 'accept' | 'gone' | 'not-found' | 'hang';

export interface FakePushService {
  origin: string;
  /** the PEM file the binary is told to trust (NODE_EXTRA_CA_CERTS) */
  certificateFile: string;
  /** accepted and decrypted messages, in order */
  messages: PushedMessage[];
  /** requests refused, with the reason (a bad signature, a body that does not decrypt...) */
  refusals: string[];
  /** every request received */
  attempts: number;
  /** requests held unanswered right now ('hang') */
  held(): number;
  subscribe(answer?: PushAnswer): BrowserSubscription;
  answerFor(endpoint: string, answer: PushAnswer): void;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3.4 + RFC 8188 §2: one aes128gcm body decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, uaPrivate: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65 || records.length > recordSize) throw new Error('unexpected header');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

async function verifyVapid(header: string | undefined, origin: string): Promise<{ key: string; claims: Record<string, unknown> }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [, token, key] = match;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = await importJWK({ kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, 'ES256');
  const { payload } = await jwtVerify(token, publicKey, { algorithms: ['ES256'], audience: origin });
  if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 86_400) throw new Error('exp missing or more than 24 h away');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('sub is not a mailto: or https: contact');
  return { key, claims: payload as Record<string, unknown> };
}

function throwawayCertificate(): { key: string; cert: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-push-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', keyFile, '-out', certFile,
  ], { stdio: 'ignore' });
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), file: certFile };
}

export async function startFakePushService(): Promise<FakePushService> {
  const tls = throwawayCertificate();
  const subscriptions = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; answer: PushAnswer }>();
  const hanging = new Set<import('node:http').ServerResponse>();
  let origin = '';
  const fake = { messages: [] as PushedMessage[], refusals: [] as string[], attempts: 0 };

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      fake.attempts++;
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const subscription = id ? subscriptions.get(id) : undefined;
      if (req.method !== 'POST' || !id || !subscription) return void res.writeHead(404).end();
      if (subscription.answer === 'hang') return void hanging.add(res);
      if (subscription.answer === 'gone') return void res.writeHead(410).end();
      if (subscription.answer === 'not-found') return void res.writeHead(404).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        if (req.headers.ttl === undefined) throw new Error('no TTL');
        const { key, claims } = await verifyVapid(req.headers.authorization, origin);
        const plain = decryptAes128gcm(Buffer.concat(chunks), subscription.ecdh, subscription.auth);
        fake.messages.push({ subscription: id, payload: JSON.parse(plain.toString('utf8')), vapidKey: key, claims });
        res.writeHead(201, { location: `${origin}/message/${crypto.randomUUID()}` }).end();
      } catch (error) {
        fake.refusals.push(String((error as Error).message));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fields = fieldsOf(fake, ['messages', 'refusals', 'attempts']);
  let savedAnswers = new Map<string, PushAnswer>();
  return rewindable(Object.assign(fake, {
    origin,
    certificateFile: tls.file,
    held: () => [...hanging].filter((res) => !res.destroyed && !res.socket?.destroyed).length,
    subscribe(answer: PushAnswer = 'accept'): BrowserSubscription {
      const id = crypto.randomBytes(9).toString('base64url');
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      subscriptions.set(id, { ecdh, auth, answer });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    answerFor(endpoint: string, answer: PushAnswer) {
      const id = endpoint.split('/').pop()!;
      subscriptions.get(id)!.answer = answer;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }), {
    checkpoint() {
      fields.checkpoint();
      savedAnswers = new Map([...subscriptions].map(([id, subscription]) => [id, subscription.answer]));
    },
    rewind() {
      fields.rewind();
      for (const [id, subscription] of subscriptions) {
        const answer = savedAnswers.get(id);
        if (answer === undefined) subscriptions.delete(id);
        else subscription.answer = answer;
      }
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
  });
}
