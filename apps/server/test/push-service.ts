import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * A Web Push service on loopback, for tests: it takes what the server posts to a subscription's endpoint and keeps
 * it, answering each endpoint as told (201 by default; 410 for a device gone; 503 while "down"). With it, a device:
 * its own P-256 key pair and auth secret, and the decryption of what it receives, written here from RFC 8291 and
 * RFC 8188 with node:crypto alone, apart from the library the server encrypts with.
 */
export interface Received {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
  readonly at: number;
}

export class PushService {
  readonly received: Received[] = [];
  /** The status each path answers (201 when absent); a list is used up one answer per push, then 201. */
  readonly answers = new Map<string, number | number[]>();
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<PushService> {
    let self: PushService | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        const told = self!.answers.get(path);
        const status = Array.isArray(told) ? (told.shift() ?? 201) : (told ?? 201);
        if (status < 300)
          self!.received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
        res.writeHead(status).end();
        for (const w of self!.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    self = new PushService(server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** Waits until `pred` holds for what was received (checked at each push), or fails after `ms`. */
  async until(pred: (r: Received[]) => boolean, ms = 15_000): Promise<void> {
    const end = Date.now() + ms;
    while (!pred(this.received)) {
      const left = end - Date.now();
      if (left <= 0) throw new Error(`push service: still waiting after ${ms} ms (${this.received.length} received)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  for(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's side of a subscription: the keys it gives the server, and what it does with a push. */
export class Device {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;

  constructor(
    readonly service: PushService,
    readonly path: string,
  ) {
    this.publicKey = this.ecdh.generateKeys();
  }

  get endpoint(): string {
    return `${this.service.url}${this.path}`;
  }

  subscription(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.publicKey.toString('base64url'), auth: this.auth.toString('base64url') },
      ...extra,
    };
  }

  received(): Received[] {
    return this.service.for(this.path);
  }

  /** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, for this device's private key and auth secret. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idlen = body[20]!;
    const serverKey = body.subarray(21, 21 + idlen);
    const record = body.subarray(21 + idlen);
    const ecdhSecret = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 2, then any zeros of padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('not a last record');
    return padded.subarray(0, end).toString('utf8');
  }
}

/**
 * Checks the VAPID header of a push (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by that
 * key, for the push service's origin, not expired. Answers the key and the claims.
 */
export function checkVapid(
  authorization: string,
  origin: string,
): { key: string; claims: { aud: string; exp: number; sub: string } } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!m) throw new Error(`not a VAPID header: ${authorization}`);
  const [header, payload, signature] = m[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const good = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!good) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, not ${origin}`);
  if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000)
    throw new Error('VAPID expiry out of range');
  return { key: m[2]!, claims };
}
