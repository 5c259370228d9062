import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import {
  err,
  Match,
  ok,
  replay,
  seedCommitment,
  STRONG_SEED_PREFIX,
  type AnyGame,
  type Result,
  type Seat,
  type Seed,
} from '@roundtable/core';
import { BOT_LEVELS, botFor } from '@roundtable/ai';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import type {
  CreateMatchAnswer,
  CreateMatchRequest,
  ImportRequest,
  MatchStatus,
  MatchSummary,
} from '@roundtable/protocol';
import type { Limits } from '../config.ts';
import { LiveMatch, summaryOf } from '../live-match.ts';
import type { MatchRow, SeatRow, Store } from '../storage/store.ts';
import { hashToken, newMatchId, newToken } from '../tokens.ts';
import type { MatchMemory } from './memory.ts';

/** How a match comes into being: created through the API, a rematch agreed at a table, "play now", an import. */
export type Origin = 'create' | 'rematch' | 'play-now' | 'import';

/**
 * What every new match passes before it is stored, whatever its origin: the per-creator cap by default (matches in
 * play created from one client address). `creator` is null when nobody is counted (a rematch, an import without
 * an address). One admission runs at a time per creator, so a burst cannot slip past a count.
 */
export type Admission = (origin: Origin, creator: string | null) => Promise<Result<void>>;

/** A seed nobody can guess: 128 bits from the OS CSPRNG, derived through SHA-256 by `createRng` (core). */
export function newSeed(): string {
  return `${STRONG_SEED_PREFIX}${randomBytes(16).toString('hex')}`;
}

/**
 * The one path through which every match comes into being (`found`): created, rematched, seated by "play now"
 * or imported, it passes `admission`, is stored, then enters memory here (adopted: this process owns it).
 */
export class Creation {
  private readonly creating = new Map<string, Promise<void>>();
  admission: Admission;

  constructor(
    private readonly store: Store,
    private readonly memory: MatchMemory,
    private readonly log: Logger,
    private readonly limits: Limits,
  ) {
    this.admission = async (origin, creator) => {
      // An imported record is archived: it is not in play, and does not count against the cap.
      if (creator === null || origin === 'import') return ok(undefined);
      const max = this.limits.matchesPerAddress;
      const count = await this.store.countInPlay(creator);
      return count >= max ? err({ code: 'TOO_MANY_MATCHES', count, max }) : ok(undefined);
    };
  }

  /** A new match from a request (the API, a rematch, play-now), for `creator` (a hash of the client's address). */
  async create(
    req: CreateMatchRequest,
    creator: string | null,
    origin: Exclude<Origin, 'import'>,
  ): Promise<Result<CreateMatchAnswer>> {
    const game = gameById(req.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: GAME_IDS });
    for (const level of [
      ...req.seats.flatMap((s) => (s.kind === 'bot' ? [s.level] : [])),
      ...(req.abandon ? [req.abandon.bot] : []),
    ]) {
      if (!botFor(level)) return err({ code: 'UNKNOWN_BOT', level, known: BOT_LEVELS.join(', ') });
    }
    // Whoever chooses the seed of a game with secrets knows every hand: fine when every human seat is theirs.
    if (req.seed !== undefined && !game.perfectInformation && req.seats.some((s) => s.kind === 'open')) {
      return err({ code: 'SEED_WITH_OPEN_SEAT', game: game.id });
    }
    const seed = req.seed ?? newSeed();
    const created = Match.create(game, { players: req.seats.length, options: req.options, seed });
    if (!created.ok) return created;
    return this.found(origin, creator, () => this.insert(req, game, created.value, seed, creator));
  }

  /** A finished match's record, replayed and checked, stored as `archived`. */
  async import(record: ImportRequest, creator: string | null): Promise<Result<MatchSummary>> {
    const game = gameById(record.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: record.game, known: GAME_IDS });
    if (record.commitment !== undefined && record.commitment !== seedCommitment(record.seed)) {
      return err({ code: 'BAD_COMMITMENT', commitment: record.commitment, expected: seedCommitment(record.seed) });
    }
    const { commitment: _commitment, ...rest } = record;
    const replayed = replay(game, rest);
    if (!replayed.ok) return replayed;
    const match = replayed.value;
    return this.found('import', creator, async () => {
      const row: MatchRow = {
        id: newMatchId(),
        game: game.id,
        players: match.players,
        options: match.options,
        seed: match.seed,
        position: match.startPosition ?? null,
        settings: { clock: null, abandon: null, seeded: true },
        status: 'archived',
        outcome: match.outcome(),
        createdAt: Date.now(),
        creator: null,
      };
      const seats: SeatRow[] = Array.from({ length: match.players }, (_, seat) => ({
        seat,
        kind: 'human',
        name: null,
        level: null,
        tokenHash: null,
      }));
      const moves = match.history.map((m, ply) => ({
        matchId: row.id,
        ply,
        seat: m.seat,
        move: m.move,
        at: row.createdAt,
      }));
      await this.store.createMatch(row, seats, moves);
      return ok(summaryOf(row, seats, 'archived', row.outcome));
    });
  }

  /** Admission, then `make`: one at a time per creator. */
  private found<T>(origin: Origin, creator: string | null, make: () => Promise<Result<T>>): Promise<Result<T>> {
    const admitted = async (): Promise<Result<T>> => {
      const allowed = await this.admission(origin, creator);
      return allowed.ok ? make() : allowed;
    };
    if (creator === null) return admitted();
    const before = this.creating.get(creator) ?? Promise.resolve();
    const mine = before.then(admitted);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.creating.set(creator, settled);
    void settled.then(() => {
      if (this.creating.get(creator) === settled) this.creating.delete(creator);
    });
    return mine;
  }

  private async insert(
    req: CreateMatchRequest,
    game: AnyGame,
    match: Match,
    seed: Seed,
    creator: string | null,
  ): Promise<Result<CreateMatchAnswer>> {
    if (!this.memory.makeRoom()) return err({ code: 'SERVER_BUSY', max: this.limits.liveMatches });
    const tokens: { seat: Seat; token: string }[] = [];
    const seats: SeatRow[] = req.seats.map((s, seat) => {
      if (s.kind === 'human') {
        const token = newToken();
        tokens.push({ seat, token });
        return { seat, kind: 'human', name: s.name ?? null, level: null, tokenHash: hashToken(token) };
      }
      if (s.kind === 'bot') return { seat, kind: 'bot', name: null, level: s.level, tokenHash: null };
      return { seat, kind: 'open', name: null, level: null, tokenHash: null };
    });
    const status: MatchStatus = seats.some((s) => s.kind === 'open') ? 'open' : 'active';
    const row: MatchRow = {
      id: newMatchId(),
      game: game.id,
      players: match.players,
      options: match.options,
      seed,
      position: null,
      settings: {
        clock: req.clock ?? null,
        abandon: req.abandon ?? null,
        seeded: req.seed !== undefined,
        ...(req.rated ? { rated: true } : {}),
      },
      status,
      outcome: null,
      createdAt: Date.now(),
      creator,
    };
    await this.store.createMatch(row, seats);
    const live = new LiveMatch(game, row, seats, match.state, 0, status, null);
    await this.memory.admit(live);
    this.log.debug({ match: row.id, game: game.id }, 'match created');
    return ok({ match: live.summary(), tokens });
  }
}
