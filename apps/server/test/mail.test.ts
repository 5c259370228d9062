// E-mail through a real SMTP server on loopback (smtp-server as the sink): an address proved by a signed link that
// works once and expires; a forgotten password reset by a link to the verified address (once, rate-limited, the
// same answer for an unknown address, every old session ended); a digest of the matches waiting for the player, at
// most once per interval, with a one-click unsubscribe (RFC 8058) that works in one request; an SMTP server that
// is down loses nothing; without SMTP everything else works and the answers say e-mail is off. Forged, expired and
// replayed links change nothing.
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkSigner } from '../src/accounts/email-links.ts';
import { api, storeKind, testServer, type TestServer } from './helpers.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
const PASSWORD = 'a long password';

interface Mail {
  readonly to: string;
  readonly headers: string;
  readonly text: string;
}

/** RFC 2047 encoded words (a subject with accents or a non-breaking space) read back. */
function decodeWords(headers: string): string {
  return headers
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** An SMTP server that keeps what it is sent (no TLS, no login: loopback only). */
class Sink {
  readonly mails: Mail[] = [];
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(port = 0): Promise<Sink> {
    let self: Sink | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const split = raw.indexOf('\r\n\r\n');
          self!.mails.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            headers: decodeWords(raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')),
            // Quoted-printable undone: soft line breaks, then =XX.
            text: raw
              .slice(split)
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.server.address();
    self = new Sink(server, typeof address === 'object' && address ? address.port : port);
    return self;
  }

  async next(pred: (m: Mail) => boolean, ms = 15_000): Promise<Mail> {
    const end = Date.now() + ms;
    for (;;) {
      const found = this.mails.find(pred);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no such mail after ${ms} ms (${this.mails.length} received)`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

const linkIn = (mail: Mail, what: string): string => new RegExp(`#/${what}/([A-Za-z0-9_.-]+)`).exec(mail.text)![1]!;
const cookieOf = (res: Response): string => /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;

async function signUp(server: TestServer, name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  return cookieOf(res);
}

let sink: Sink;
let server: TestServer;
const others: TestServer[] = [];

beforeAll(async () => {
  sink = await Sink.start();
  server = await testServer({
    passwordCost: cheap,
    smtp: `smtp://127.0.0.1:${sink.port}`,
    mailFrom: 'Round Table <tables@roundtable.test>',
    noticeRetrySeconds: 1,
    digestWaitMs: 300,
  });
});
afterAll(async () => {
  for (const s of [server, ...others]) await s?.stop();
  await sink?.close();
});

describe('an address, proved', () => {
  it('mails a link that works once; a forged, an expired or a replayed one changes nothing', async () => {
    const alice = await signUp(server, 'Alys');
    expect((await api(server, 'GET', '/api/me/email', undefined, { cookie: alice })).body).toEqual({
      enabled: true,
      email: null,
      verified: false,
      digestHours: 24,
    });
    expect((await api(server, 'PUT', '/api/me/email', { email: 'not an address' }, { cookie: alice })).status).toBe(
      400,
    );
    const set = await api(
      server,
      'PUT',
      '/api/me/email',
      { email: 'alys@avalon.test' },
      {
        cookie: alice,
        'accept-language': 'fr',
      },
    );
    expect(set.status).toBe(202);
    const mail = await sink.next((m) => m.to === 'alys@avalon.test');
    expect(mail.headers).toMatch(/^Subject: .*Round Table/m);
    expect(mail.headers).toMatch(/From: Round Table <tables@roundtable\.test>/);
    expect(mail.text).toContain('Bonjour Alys');
    const token = linkIn(mail, 'verify');
    expect(mail.text).toContain(`${server.url}/#/verify/${token}`);

    // Forged: one character of the payload changed, or the signature cut.
    const forged = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    for (const bad of [forged, token.slice(0, -3), `${token}.x`]) {
      const r = await api(server, 'POST', '/api/email/verify', { token: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe('BAD_LINK');
    }
    expect((await api(server, 'GET', '/api/me/email', undefined, { cookie: alice })).body.verified).toBe(false);
    // Expired: signed with the server's own key, its time past (the key is where the server keeps it).
    if (storeKind() === 'sqlite') {
      const db = new Database(join(server.dir, 'notices.db'), { readonly: true });
      const key = (db.prepare("SELECT value FROM server_keys WHERE name = 'mail-links'").get() as { value: string })
        .value;
      db.close();
      const me = (await api(server, 'GET', '/api/me', undefined, { cookie: alice })).body.me;
      const old = new LinkSigner(Buffer.from(key, 'base64url')).sign({
        p: 'verify',
        a: me.id,
        e: 'alys@avalon.test',
        x: Date.now() - 1000,
      });
      const r = await api(server, 'POST', '/api/email/verify', { token: old });
      expect(r.status).toBe(410);
      expect(r.body.error.code).toBe('LINK_EXPIRED');
    }
    const ok = await api(server, 'POST', '/api/email/verify', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe('alys@avalon.test');
    const again = await api(server, 'POST', '/api/email/verify', { token }, { 'accept-language': 'fr' });
    expect(again.status).toBe(410);
    expect(again.body.error).toMatchObject({
      code: 'LINK_USED',
      message: 'Ce lien a déjà servi\u00a0: chacun ne sert qu’une fois.',
    });
    expect((await api(server, 'GET', '/api/me/email', undefined, { cookie: alice })).body).toMatchObject({
      email: 'alys@avalon.test',
      verified: true,
    });
  });
});

describe('a forgotten password', () => {
  it('mails a link to the verified address only, answers the same for any address, and works once', async () => {
    const before = sink.mails.length;
    const known = await api(server, 'POST', '/api/password-reset', { email: 'ALYS@avalon.test' });
    const unknown = await api(server, 'POST', '/api/password-reset', { email: 'nobody@avalon.test' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const mail = await sink.next((m) => /#\/reset\//.test(m.text));
    await new Promise((r) => setTimeout(r, 1000));
    expect(sink.mails.length).toBe(before + 1);
    expect(mail.to).toBe('alys@avalon.test');
    const token = linkIn(mail, 'reset');
    const session = (
      await fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Alys', password: PASSWORD }),
      })
    ).headers
      .get('set-cookie')!
      .split(';')[0]!;
    // A password too short is refused, and the link stays good.
    const short = await api(server, 'POST', '/api/password-reset/confirm', { token, password: 'short' });
    expect(short.body.error.code).toBe('BAD_PASSWORD');
    const done = await api(server, 'POST', '/api/password-reset/confirm', { token, password: 'a brand new password' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ name: 'Alys' });
    const replay = await api(server, 'POST', '/api/password-reset/confirm', { token, password: 'yet another one!' });
    expect(replay.body.error.code).toBe('LINK_USED');
    // The old session is over; the new password opens one; the old one does not.
    expect((await api(server, 'GET', '/api/me', undefined, { cookie: session })).status).toBe(401);
    expect((await api(server, 'POST', '/api/session', { name: 'Alys', password: 'a brand new password' })).status).toBe(
      200,
    );
    expect((await api(server, 'POST', '/api/session', { name: 'Alys', password: PASSWORD })).status).toBe(401);
  });

  it('is rate-limited per address asked for, the same way whether the address exists or not', async () => {
    for (const email of ['alys@avalon.test', 'ghost@avalon.test']) {
      const answers = [];
      // Alys's address was asked for once already, above.
      const allowed = email.startsWith('alys') ? 2 : 3;
      for (let i = 0; i < allowed; i++)
        answers.push((await api(server, 'POST', '/api/password-reset', { email })).status);
      expect(answers).toEqual(Array(allowed).fill(202));
      const r = await api(server, 'POST', '/api/password-reset', { email });
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe('RESET_RATE_LIMITED');
    }
    expect((await api(server, 'POST', '/api/password-reset', { email: 'x'.repeat(300) })).status).toBe(400);
  });
});

describe('the digest', () => {
  it('lists the matches waiting for the player, at most once per interval, and unsubscribes in one request', async () => {
    const bob = await signUp(server, 'Bedivere');
    await api(server, 'PUT', '/api/me/email', { email: 'bedivere@avalon.test' }, { cookie: bob });
    await api(server, 'POST', '/api/email/verify', {
      token: linkIn(await sink.next((m) => m.to === 'bedivere@avalon.test'), 'verify'),
    });
    const prefs = { push: { turn: true, started: true, offer: true, clock: true }, digestHours: 12 };
    await api(server, 'PUT', '/api/notices/prefs', { prefs }, { cookie: bob });
    const gawain = await signUp(server, 'Gawain');
    // A correspondence match: Bob (White) to move, connected nowhere.
    const made = await api(
      server,
      'POST',
      '/api/matches',
      { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }], clock: { days: 3 } },
      { cookie: bob },
    );
    await api(server, 'POST', `/api/matches/${made.body.match.id}/join`, {}, { cookie: gawain });
    const digest = await sink.next((m) => m.to === 'bedivere@avalon.test' && /waiting for your move/.test(m.headers));
    expect(digest.text).toContain(`/#/m/${made.body.match.id}`);
    expect(digest.text).toContain('against Gawain');
    expect(digest.text).toContain('at most once every 12 hours');
    expect(digest.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(digest.headers)![1]!;
    expect(unsubscribe.startsWith(`${server.url}/api/mail/unsubscribe?token=`)).toBe(true);

    // Another turn waiting within the interval: no second digest now, one is planned for 12 hours after the first.
    const second = await api(
      server,
      'POST',
      '/api/matches',
      { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }], clock: { days: 2 } },
      { cookie: bob },
    );
    await api(server, 'POST', `/api/matches/${second.body.match.id}/join`, {}, { cookie: gawain });
    if (storeKind() === 'sqlite') {
      // The second turn plans the next digest: 12 hours after the first one.
      const planned = (): number[] => {
        const jobs = new Database(join(server.dir, 'jobs.db'), { readonly: true });
        try {
          return (
            jobs.prepare("SELECT run_at FROM jobs WHERE kind = 'digest' AND state = 'created'").all() as {
              run_at: number;
            }[]
          ).map((r) => r.run_at);
        } finally {
          jobs.close();
        }
      };
      await expect.poll(planned, { timeout: 15_000 }).toHaveLength(1);
      expect(planned()[0]! - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    } else {
      await new Promise((r) => setTimeout(r, 3000));
    }
    expect(sink.mails.filter((m) => m.to === 'bedivere@avalon.test' && /waiting/.test(m.headers))).toHaveLength(1);

    // The page of the link asks first (a mail scanner opening it unsubscribes nobody)…
    const page = await fetch(unsubscribe);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect((await api(server, 'GET', '/api/notices/prefs', undefined, { cookie: bob })).body.prefs.digestHours).toBe(
      12,
    );
    // …and the mail client's one-click POST unsubscribes, in one request.
    const click = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect((await api(server, 'GET', '/api/notices/prefs', undefined, { cookie: bob })).body.prefs.digestHours).toBe(0);
    const forged = await fetch(unsubscribe.replace(/.{4}$/, 'AAAA'), { method: 'POST', body: '' });
    expect(forged.status).toBe(400);
  });
});

describe('when SMTP is away', () => {
  it('an SMTP server down loses nothing: the mail goes once it is back', async () => {
    const port = await freePort();
    const down = await testServer({ passwordCost: cheap, smtp: `smtp://127.0.0.1:${port}`, noticeRetrySeconds: 1 });
    others.push(down);
    const cookie = await signUp(down, 'Percival');
    expect((await api(down, 'PUT', '/api/me/email', { email: 'percival@avalon.test' }, { cookie })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 2500));
    const late = await Sink.start(port);
    try {
      const mail = await late.next((m) => m.to === 'percival@avalon.test', 20_000);
      expect(mail.text).toContain('#/verify/');
      expect(late.mails).toHaveLength(1);
    } finally {
      await late.close();
    }
  });

  it('without SMTP the pages say e-mail is off, and everything else works', async () => {
    const off = await testServer({ passwordCost: cheap });
    others.push(off);
    const cookie = await signUp(off, 'Tristan');
    expect((await api(off, 'GET', '/api/me/email', undefined, { cookie })).body.enabled).toBe(false);
    const set = await api(off, 'PUT', '/api/me/email', { email: 'tristan@avalon.test' }, { cookie });
    expect(set.status).toBe(503);
    expect(set.body.error.code).toBe('EMAIL_OFF');
    expect((await api(off, 'POST', '/api/password-reset', { email: 'tristan@avalon.test' })).body.error.code).toBe(
      'EMAIL_OFF',
    );
    expect((await api(off, 'GET', '/api/push/key')).status).toBe(200);
    expect(
      (await api(off, 'POST', '/api/matches', { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] }))
        .status,
    ).toBe(201);
  });
});
