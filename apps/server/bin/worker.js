#!/usr/bin/env node
// One worker process of `serve --processes N`, forked by the primary (src/processes/primary.ts), never run by hand.
// The server is TypeScript, compiled as it loads (scripts/typescript.mjs).
import '../../../scripts/typescript.mjs';

await import('../src/processes/worker.ts');
