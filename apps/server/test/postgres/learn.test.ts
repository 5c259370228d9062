// The reviews and puzzle ratings again, on PostgreSQL (one database per server; services from scripts/services.sh).
import { usePostgres } from '../helpers.ts';

usePostgres();
await import('../learn.test.ts');
