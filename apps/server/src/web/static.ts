import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** A year: what a file whose name carries its content's hash may be kept, unchanged, by any cache. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but asked again each time (an ETag makes that a 304 when unchanged): the page, the service worker… */
export const REVALIDATE = 'no-cache';

/** The files the build writes compressed copies of (apps/web/src/pwa/precompress.ts). */
const COMPRESSED = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Vite writes every file it names by content hash under `assets/` (`index-B4x9Qk2a.js`); the page, the service
 * worker, the manifests and the icons keep their names from one version to the next.
 */
export function isHashed(path: string): boolean {
  return path.startsWith('assets/') && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path);
}

/**
 * Serves the built web client (apps/web/dist) at `/`, if there is one: each file as Brotli or gzip when the
 * client accepts it, from the `.br` and `.gz` copies the build wrote (never compressed on a request); hashed files
 * cached for a year as immutable, every other file revalidated, so a new version is found at once and an
 * unchanged one costs a 304. Answers whether a client is there.
 */
export async function serveWebClient(app: FastifyInstance, webDir: string): Promise<boolean> {
  if (!existsSync(join(webDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDir,
    // Any file of the folder, looked up on each request: a new build copied in place is served without a restart.
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      // The file sent may be the compressed copy (`x.js.br`): its headers are those of `x.js`.
      const file = relative(webDir, path)
        .split(sep)
        .join('/')
        .replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', isHashed(file) ? IMMUTABLE : REVALIDATE);
      // What is sent depends on Accept-Encoding: a shared cache must keep one copy per encoding.
      if (COMPRESSED.test(file)) res.setHeader('vary', 'accept-encoding');
      if (file.endsWith('.webmanifest')) res.setHeader('content-type', 'application/manifest+json; charset=utf-8');
    },
  });
  return true;
}
