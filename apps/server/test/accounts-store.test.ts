import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { SqliteAccountStore } from '../src/accounts/sqlite-store.ts';
import { Guard } from '../src/limits/guard.ts';
import { accountStoreContract } from './accounts-contract.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
accountStoreContract('SQLite', async (limits) => {
  const dir = mkdtempSync(join(tmpdir(), 'rt-accounts-'));
  dirs.push(dir);
  return { store: new SqliteAccountStore(dir), guard: Guard.sqlite(dir, null, limits) };
});
