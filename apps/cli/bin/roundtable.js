#!/usr/bin/env node
// The executable: the CLI is TypeScript run through tsx, like every package of the repository.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
