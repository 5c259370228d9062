/**
 * The web client as the server sends it: the build's Brotli and gzip copies chosen by Accept-Encoding (never
 * compressed on a request), hashed files cached for a year as immutable, the page, the service worker and the
 * manifests revalidated (a 304 when unchanged), unknown pages answered with the app, the API's 404 untouched.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.ts';
import { isHashed } from '../src/web/static.ts';

let server: RunningServer;
let webDir: string;
let dataDir: string;

const SCRIPT = `export const words = ${JSON.stringify('Round Table '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="./assets/index-B4x9Qk2a.js"></script></head><body>${'<p>Camelot</p>'.repeat(60)}</body></html>`;

/** A file of the built client with the copies the build writes beside it. */
function write(path: string, text: string, compressed = true): void {
  const file = join(webDir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  if (compressed) {
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
}

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'rt-static-web-'));
  dataDir = mkdtempSync(join(tmpdir(), 'rt-static-data-'));
  write('index.html', PAGE);
  write('assets/index-B4x9Qk2a.js', SCRIPT);
  write('assets/index-Cq81zzXe.css', `.board{fill:#b08a3e}\n`.repeat(100));
  write('service-worker.js', `self.addEventListener('fetch', () => {});\n`.repeat(30));
  write('manifest.webmanifest', JSON.stringify({ name: 'Round Table', icons: [] }).padEnd(800, ' '));
  write('icons/icon-192.png', 'not really a png', false);
  server = await startServer({ port: 0, dataDir, webDir, logger: pino({ level: 'silent' }) });
});

afterAll(async () => {
  await server.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (no client-side decompression): what went over the wire. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('sends Brotli to a client that takes it, gzip to one that takes only gzip, and the file itself otherwise', async () => {
    const br = await get('/assets/index-B4x9Qk2a.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/index-B4x9Qk2a.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-B4x9Qk2a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);

    const css = await get('/assets/index-Cq81zzXe.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const png = await get('/icons/icon-192.png', { 'accept-encoding': 'br, gzip' });
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.toString()).toBe('not really a png');
  });
});

describe('caching', () => {
  it('keeps hashed files a year, immutable, whatever their encoding', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const r = await get('/assets/index-B4x9Qk2a.js', { 'accept-encoding': enc });
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/assets/index-Cq81zzXe.css')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('revalidates the page, the service worker, the manifest and the icons: a 304 while unchanged', async () => {
    for (const path of ['/', '/index.html', '/service-worker.js', '/manifest.webmanifest', '/icons/icon-192.png']) {
      const first = await get(path, { 'accept-encoding': 'br' });
      expect(first.status, path).toBe(200);
      expect(first.headers['cache-control'], path).toBe('no-cache');
      const etag = first.headers.etag as string;
      expect(etag, path).toBeTruthy();
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body.length).toBe(0);
    }
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('answers any other page with the app (revalidated), and leaves the API its own 404', async () => {
    const page = await get('/lobby/anything', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString()).toBe(PAGE);
    const api = await get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString()).error.code).toBe('NOT_FOUND');
  });

  it('serves a new build copied in place without a restart', async () => {
    write('assets/camelot-Zz81Aq0p.js', SCRIPT.replace('Round', 'Square'));
    const r = await get('/assets/camelot-Zz81Aq0p.js', { 'accept-encoding': 'br' });
    expect(r.status).toBe(200);
    expect(brotliDecompressSync(r.body).toString()).toContain('Square Table');
  });

  it('knows a hashed file by its folder and its name', () => {
    expect(isHashed('assets/index-B4x9Qk2a.js')).toBe(true);
    expect(isHashed('assets/worker-CkT6Xp-y.js')).toBe(true);
    expect(isHashed('service-worker.js')).toBe(false);
    expect(isHashed('index.html')).toBe(false);
    expect(isHashed('icons/icon-192.png')).toBe(false);
    expect(isHashed('assets/readme.txt')).toBe(false);
  });
});
