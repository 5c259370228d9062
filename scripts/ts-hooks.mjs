// Module hooks that run the repository's TypeScript without tsx's `keepNames`: tsx compiles every file with esbuild's
// `keepNames`, which wraps each function made at run time in a `__name(fn, "…")` call (Object.defineProperty): 5 %
// of the event loop's busy time in a move's profile (PERFORMANCE.md). Same compiler (esbuild), same output
// otherwise; stack traces keep their TypeScript lines through inline source maps.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const TS = /\.(?:c|m)?tsx?$/;

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !TS.test(new URL(url).pathname)) return next(url, context);
  const path = fileURLToPath(url);
  const source = await readFile(path, 'utf8');
  const out = await transform(source, {
    loader: path.endsWith('x') ? 'tsx' : 'ts',
    format: 'esm',
    target: `node${process.versions.node}`,
    sourcemap: 'inline',
    sourcefile: path,
    // As the repository's tsconfig.json says (tsx reads it): ES2022 class fields, imports kept as written.
    tsconfigRaw: { compilerOptions: { target: 'ES2022', verbatimModuleSyntax: true, useDefineForClassFields: true } },
  });
  return { format: 'module', source: out.code, shortCircuit: true };
}
