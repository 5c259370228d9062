import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/service.ts';
import type { MatchService } from '../match-service.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresConditionalStore } from './postgres-store.ts';
import { registerConditionalRoutes } from './routes.ts';
import { ConditionalMoves } from './service.ts';
import { SqliteConditionalStore } from './sqlite-store.ts';

/** Conditional moves of a server: their store beside the matches', the hook on every stored move, their routes. */
export interface Conditional {
  readonly moves: ConditionalMoves;
  register(app: FastifyInstance, accounts: AccountService): void;
  close(): Promise<void>;
}

export function openConditional(store: Store, service: MatchService, dataDir: string, log: Logger): Conditional {
  const moves = new ConditionalMoves(
    store instanceof PostgresStore ? new PostgresConditionalStore(store.pool) : new SqliteConditionalStore(dataDir),
    log,
    {
      follows: (live) => service.follows(live),
      forward: (live, seat, tree) => service.forwardConditional(live, seat, tree),
    },
  );
  service.moveListeners.push(moves.moved);
  service.conditionalSetter = (live, seat, tree) => moves.setHere(live, seat, tree);
  return {
    moves,
    register: (app, accounts) => registerConditionalRoutes(app, moves, service, accounts),
    close: () => moves.close(),
  };
}
