#!/usr/bin/env node
// The executable: the CLI is TypeScript, compiled as it loads (scripts/typescript.mjs).
import '../../../scripts/typescript.mjs';

const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
