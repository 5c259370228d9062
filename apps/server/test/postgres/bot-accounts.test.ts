// The bot accounts suite again, on PostgreSQL (the bot and challenge tables, the house bots, the ladder).
import { usePostgres } from '../helpers.ts';

usePostgres();
await import('../bot-accounts.test.ts');
