#!/usr/bin/env node
// The Round Table server on its own: `node apps/server/bin/serve.js --port 8080 --data ./data`.
// The server is TypeScript, compiled as it loads (scripts/typescript.mjs).
import '../../../scripts/typescript.mjs';

const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
