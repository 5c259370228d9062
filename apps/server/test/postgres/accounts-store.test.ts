// The account store contract again, on PostgreSQL (a database per store; services from scripts/services.sh).
import { afterAll } from 'vitest';
import { PostgresAccountStore } from '../../src/accounts/postgres-store.ts';
import { Guard } from '../../src/limits/guard.ts';
import { accountStoreContract } from '../accounts-contract.ts';
import { dropTestDatabase, testDatabase } from '../helpers.ts';

const urls: string[] = [];
// A database per store (seven): dropping them takes a while on a busy machine.
afterAll(async () => {
  for (const url of urls) await dropTestDatabase(url);
}, 60_000);
accountStoreContract('PostgreSQL', async (limits) => {
  const url = await testDatabase();
  urls.push(url);
  const store = await PostgresAccountStore.open(url);
  return { store, guard: Guard.postgres(store.pool, limits) };
});
