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
  type Outcome,
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
import type { Parties } from '../limits/parties.ts';

/**
 * The seats of a new match held by bot accounts (bot-accounts/): marked in its settings, and the names of those the
 * server's own bots play (a bot seat is otherwise shown by its level).
 */
export interface BotSeats {
  readonly seats: readonly Seat[];
  readonly names?: Readonly<Record<number, string>>;
}

/**
 * The outcome an imported record is stored with: the replay's when its moves end the game (a claimed result must
 * agree: OUTCOME_MISMATCH), else the claimed one (a resignation, an agreed draw, a time-out), else none.
 */
export function importedOutcome(replayed: Outcome | null, claimed: Outcome | undefined): Result<Outcome | null> {
  if (!replayed || !claimed) return ok(replayed ?? claimed ?? null);
  const same =
    replayed.draw === claimed.draw && [...replayed.winners].sort().join() === [...claimed.winners].sort().join();
  return same ? ok(replayed) : err({ code: 'OUTCOME_MISMATCH', claimed, replayed });
}

/** How a match comes into being: created through the API, a rematch agreed at a table, "play now", an import. */
export type Origin = 'create' | 'rematch' | 'play-now' | 'import';

/**
 * The caps every new match is counted against (limits/guard.ts), whatever way it comes into being: refused when
 * one of the addresses or accounts it is made for has its matches in play, recorded as theirs before it is stored,
 * forgotten if storing it fails. Imports are counted per address and hour.
 */
export interface Admission {
  admit(match: string, parties: Parties): Promise<Result<void>>;
  release(match: string): Promise<void>;
  imported(address: string): Promise<Result<void>>;
}

/** A seed nobody can guess: 128 bits from the OS CSPRNG, derived through SHA-256 by `createRng` (core). */
export function newSeed(): string {
  return `${STRONG_SEED_PREFIX}${randomBytes(16).toString('hex')}`;
}

/**
 * The one path through which every match comes into being (`found`): created, rematched, seated by "play now"
 * or imported, it passes `admission`, is stored, then enters memory here (adopted: this process owns it).
 */
export class Creation {
  /** The caps of matches in play per address and account (limits/); null: none (the service alone, in tests). */
  admission: Admission | null = null;

  constructor(
    private readonly store: Store,
    private readonly memory: MatchMemory,
    private readonly log: Logger,
    private readonly limits: Limits,
  ) {}

  /**
   * A new match from a request (the API, a rematch, play-now), made for `parties` (the addresses, hashed as in
   * address.ts, and accounts it serves): every way of creation counts against their caps.
   */
  async create(
    req: CreateMatchRequest,
    parties: Parties | null,
    origin: Exclude<Origin, 'import'>,
    bots?: BotSeats,
    /** The id to give it (events/: chosen and stored with its pairing first); by default a fresh one. */
    id?: string,
  ): Promise<Result<CreateMatchAnswer>> {
    const game = gameById(req.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: GAME_IDS });
    // Without a clock a losing player could leave a rated match unfinished for ever.
    if (req.rated && !req.clock) return err({ code: 'RATED_NEEDS_CLOCK' });
    for (const level of [
      ...req.seats.flatMap((s) => (s.kind === 'bot' ? [s.level] : [])),
      ...(req.abandon ? [req.abandon.bot] : []),
      ...(req.hold && req.hold !== 'off' ? [req.hold.bot] : []),
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
    this.log.trace({ origin }, 'creating a match');
    return this.insert(req, game, created.value, seed, parties, bots, id);
  }

  /** A finished match's record from `parties`' addresses, replayed and checked, stored as `archived`. */
  async import(record: ImportRequest, parties: Parties | null): Promise<Result<MatchSummary>> {
    const game = gameById(record.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: record.game, known: GAME_IDS });
    for (const address of parties?.addresses ?? []) {
      const counted = await this.admission?.imported(address);
      if (counted && !counted.ok) return counted;
    }
    if (record.commitment !== undefined && record.commitment !== seedCommitment(record.seed)) {
      return err({ code: 'BAD_COMMITMENT', commitment: record.commitment, expected: seedCommitment(record.seed) });
    }
    const { commitment: _commitment, source, outcome: claimed, ...rest } = record;
    const replayed = replay(game, rest);
    if (!replayed.ok) return replayed;
    const match = replayed.value;
    const outcome = importedOutcome(match.outcome(), claimed);
    if (!outcome.ok) return outcome;
    const row: MatchRow = {
      id: newMatchId(),
      game: game.id,
      players: match.players,
      options: match.options,
      seed: match.seed,
      position: match.startPosition ?? null,
      settings: { clock: null, abandon: null, seeded: true, ...(source ? { source } : {}) },
      status: 'archived',
      outcome: outcome.value,
      createdAt: Date.now(),
      creator: null,
    };
    const seats: SeatRow[] = Array.from({ length: match.players }, (_, seat) => ({
      seat,
      kind: 'human',
      name: source?.players?.[seat] || null,
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
  }

  private async insert(
    req: CreateMatchRequest,
    game: AnyGame,
    match: Match,
    seed: Seed,
    parties: Parties | null,
    bots?: BotSeats,
    chosen?: string,
  ): Promise<Result<CreateMatchAnswer>> {
    if (!this.memory.makeRoom()) return err({ code: 'SERVER_BUSY', max: this.limits.liveMatches });
    const id = chosen ?? newMatchId();
    if (parties && this.admission) {
      const admitted = await this.admission.admit(id, parties);
      if (!admitted.ok) return admitted;
    }
    const tokens: { seat: Seat; token: string }[] = [];
    const seats: SeatRow[] = req.seats.map((s, seat) => {
      if (s.kind === 'human') {
        const token = newToken();
        tokens.push({ seat, token });
        return { seat, kind: 'human', name: s.name ?? null, level: null, tokenHash: hashToken(token) };
      }
      if (s.kind === 'bot')
        return { seat, kind: 'bot', name: bots?.names?.[seat] ?? null, level: s.level, tokenHash: null };
      return { seat, kind: 'open', name: null, level: null, tokenHash: null };
    });
    const status: MatchStatus = seats.some((s) => s.kind === 'open') ? 'open' : 'active';
    const row: MatchRow = {
      id,
      game: game.id,
      players: match.players,
      options: match.options,
      seed,
      position: null,
      settings: {
        clock: req.clock ?? null,
        abandon: req.abandon ?? null,
        ...(req.hold !== undefined ? { hold: req.hold } : {}),
        seeded: req.seed !== undefined,
        ...(req.rated ? { rated: true } : {}),
        ...(bots && bots.seats.length > 0 ? { botSeats: bots.seats } : {}),
      },
      status,
      outcome: null,
      createdAt: Date.now(),
      creator: parties?.addresses[0] ?? null,
    };
    try {
      await this.store.createMatch(row, seats);
    } catch (e) {
      if (parties) await this.admission?.release(id).catch(() => undefined);
      throw e;
    }
    const live = new LiveMatch(game, row, seats, match.state, 0, status, null);
    await this.memory.admit(live);
    this.log.debug({ match: row.id, game: game.id }, 'match created');
    return ok({ match: live.summary(), tokens });
  }
}
