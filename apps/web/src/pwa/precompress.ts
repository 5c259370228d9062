import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images are compressed already. */
const TEXT = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Writes `file.br` (Brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of the build, once,
 * at build time, so the server sends them as they are (apps/server/src/web/static.ts) and never compresses on a
 * request. Runs after everything else is written, the service worker included (vite-plugin-pwa writes it, with its
 * list of files, after the bundle: a compression plugin of the bundle never sees it).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'roundtable:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((f) => TEXT.test(f));
        await Promise.all(
          files.map(async (name) => {
            const path = join(outDir, name);
            const data = await readFile(path);
            const [b, g] = await Promise.all([
              br(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                },
              }),
              gz(data, { level: 9 }),
            ]);
            if (b.length < data.length) await writeFile(`${path}.br`, b);
            if (g.length < data.length) await writeFile(`${path}.gz`, g);
          }),
        );
      },
    },
  };
}
