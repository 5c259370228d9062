// The crash suite again, on PostgreSQL: SIGKILL, SIGTERM and a clock across a restart, each server process on
// the database its data folder stands for.
import { usePostgres } from '../helpers.ts';

usePostgres();
await import('../crash.test.ts');
