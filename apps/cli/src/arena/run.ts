// Stand-alone entry until `roundtable arena` is wired into main.ts:
//   npx tsx apps/cli/src/arena/run.ts camelot --bots strong,greedy --games 100 --ms 1000 --jsonl games.jsonl
import { gameById } from '@roundtable/catalog';
import { arenaCommand } from './command.ts';

process.exitCode = await arenaCommand(process.argv.slice(2), gameById);
