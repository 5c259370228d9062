// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

// The miner lives in src/mine.ts (the server's mining job uses it too); the bench scripts import it from here.
export { CONFIRM_NODES, MARGIN, QUICK_NODES, uniqueBest } from '../src/mine.ts';
