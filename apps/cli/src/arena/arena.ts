import { appendFileSync, writeFileSync } from 'node:fs';
import { newBotMemory, type Bot, type Budget } from '@roundtable/ai';
import {
  createRng,
  describeError,
  Match,
  type AnyGame,
  type MatchRecord,
  type Outcome,
  type Seat,
  type Seed,
} from '@roundtable/core';
import { moveTime } from '../engine/clock.ts';
import { levelFor } from '../levels.ts';
import { cliMessages } from '../messages.ts';
import { ExecEngine } from './exec-bot.ts';
import {
  AccusationTally,
  formatAccusations,
  formatRoles,
  RoleTally,
  type AccusationResult,
  type ArenaRoles,
  type RoleResult,
} from './roles.ts';
import { eloRatings, wilson, type PairResult } from './stats.ts';

export interface ArenaOptions {
  readonly game: AnyGame;
  /**
   * The line-up by level name (or Bot): one per seat; with fewer names than `players`, the last one fills the
   * remaining seats (`strong,greedy` at 4 players is one strong bot against three greedy ones).
   */
  readonly bots: readonly (string | Bot)[];
  readonly games: number;
  /** Think time per move for every searching bot; absent: each level's own default. */
  readonly ms?: number;
  /** Iterations per move instead (deterministic runs). */
  readonly iterations?: number;
  /**
   * A clock per seat and game: `ms` to start with and `inc` added after each move. Bots budget their moves from
   * it; a seat whose time runs out loses the game (reason `time`).
   */
  readonly clock?: { readonly ms: number; readonly inc: number };
  readonly players?: number;
  readonly options?: unknown;
  readonly seed?: Seed;
  /** A file to write one JSON line per game: the line-up, the outcome and the replayable record. */
  readonly jsonl?: string;
  /** Add to the `jsonl` file instead of starting it afresh (several arenas, one file). */
  readonly jsonlAppend?: boolean;
  /** The game's roles (heroes…): win rates are then tallied per role too (see roles.ts). */
  readonly roles?: ArenaRoles;
  /** Games stop as a draw after this many moves (a bot bug must not hang the arena). */
  readonly maxPlies?: number;
  readonly onProgress?: (done: number, total: number, partial: ArenaResults) => void;
}

export interface EntrantResult {
  /** Position in the line-up, and its name (`strong`, `greedy#2` when a name repeats). */
  readonly entrant: number;
  readonly name: string;
  readonly level: string;
  readonly games: number;
  readonly wins: number;
  /** Games shared: a draw, or a win shared with another seat. */
  readonly draws: number;
  readonly losses: number;
  /** Wins (a shared win counts as its share) per game, with its 95% Wilson interval. */
  readonly winRate: number;
  readonly winLow: number;
  readonly winHigh: number;
  /** The win rate a bot of equal strength would get: 1 / players. */
  readonly fairShare: number;
  readonly elo: number;
  readonly meanMs: number;
  readonly maxMs: number;
  readonly moves: number;
}

export interface ArenaResults {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  readonly played: number;
  readonly budget: Budget | null;
  readonly clock?: { readonly ms: number; readonly inc: number };
  readonly entrants: readonly EntrantResult[];
  /** Per role, when the game has roles: what `roles.name` calls them (e.g. "hero") and one row each. */
  readonly roleName?: string;
  readonly roles?: readonly RoleResult[];
  /** When the game has accusations (Chevaliers): how many were made, how many named the guilty role. */
  readonly accusations?: AccusationResult;
  readonly reasons: Readonly<Record<string, number>>;
  readonly plies: { readonly mean: number; readonly max: number };
  readonly seconds: number;
}

interface Tally {
  wins: number;
  share: number;
  draws: number;
  losses: number;
  ms: number;
  maxMs: number;
  moves: number;
}

/** One seat filler: one of our bots, or an outside engine started with `exec:COMMAND`. */
type Entrant = { readonly kind: 'bot'; readonly bot: Bot } | { readonly kind: 'exec'; readonly engine: ExecEngine };

export const EXEC_PREFIX = 'exec:';

/**
 * Bot against bot: `games` games with the line-up rotated one seat per game, so every entrant plays every seat
 * equally often (for a multiple of the number of players). Each game is seeded from the arena seed and its index,
 * each move's bot RNG from the game and the ply, so an arena with an iteration budget replays exactly.
 */
export async function runArena(opts: ArenaOptions): Promise<ArenaResults> {
  const { game } = opts;
  const players = opts.players ?? Math.max(game.minPlayers, Math.min(game.maxPlayers, opts.bots.length));
  if (players < game.minPlayers || players > game.maxPlayers)
    throw new Error(`${game.id} is played by ${game.minPlayers}–${game.maxPlayers} players, not ${players}`);
  if (opts.bots.length === 0) throw new Error('name at least one bot');
  if (opts.bots.length > players) throw new Error(`${opts.bots.length} bots for ${players} seats`);
  const lineup: Entrant[] = [];
  const names: string[] = [];
  for (let i = 0; i < players; i++) {
    const spec = opts.bots[Math.min(i, opts.bots.length - 1)] as string | Bot;
    if (typeof spec === 'string' && spec.startsWith(EXEC_PREFIX)) {
      const command = spec.slice(EXEC_PREFIX.length).trim();
      if (command === '') throw new Error('exec: names a command, e.g. exec:"npx roundtable engine"');
      lineup.push({ kind: 'exec', engine: new ExecEngine(command) });
      continue;
    }
    if (typeof spec === 'string') {
      const bot = levelFor(spec, game.id);
      if (!bot.ok) throw new Error(describeError(bot.error, 'en', cliMessages));
      lineup.push({ kind: 'bot', bot: bot.value });
    } else lineup.push({ kind: 'bot', bot: spec });
  }
  try {
    // Outside engines start now and say hello; their names come from it.
    for (const e of lineup) if (e.kind === 'exec') await e.engine.start();
    for (const e of lineup) names.push(e.kind === 'bot' ? e.bot.level : e.engine.name);
    return await play(opts, game, players, lineup, names);
  } finally {
    await Promise.all(lineup.map((e) => (e.kind === 'exec' ? e.engine.close() : undefined)));
  }
}

async function play(
  opts: ArenaOptions,
  game: AnyGame,
  players: number,
  lineup: readonly Entrant[],
  names: readonly string[],
): Promise<ArenaResults> {
  const labels = names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n}#${i}` : n));
  const budget: Budget | null =
    opts.ms !== undefined || opts.iterations !== undefined
      ? {
          ...(opts.ms !== undefined ? { ms: opts.ms } : {}),
          ...(opts.iterations !== undefined ? { iterations: opts.iterations } : {}),
        }
      : null;
  const seed = opts.seed ?? 1;
  const maxPlies = opts.maxPlies ?? 3000;
  const tallies: Tally[] = lineup.map(() => ({ wins: 0, share: 0, draws: 0, losses: 0, ms: 0, maxMs: 0, moves: 0 }));
  const roleTally = opts.roles ? new RoleTally() : null;
  const accusationTally = opts.roles?.accusations ? new AccusationTally() : null;
  const pairs: PairResult[] = [];
  const forfeits: { game: number; seat: Seat; entrant: string; reason: string }[] = [];
  const reasons: Record<string, number> = {};
  let plyTotal = 0;
  let plyMax = 0;
  let played = 0;
  const started = performance.now();
  if (opts.jsonl && !opts.jsonlAppend) writeFileSync(opts.jsonl, '');

  const snapshot = (): ArenaResults => {
    const elo = eloRatings(players, pairs);
    return {
      game: game.id,
      players,
      games: opts.games,
      played,
      budget,
      ...(opts.clock ? { clock: opts.clock } : {}),
      entrants: tallies.map((t, i) => {
        const ci = wilson(t.share, played);
        return {
          entrant: i,
          name: labels[i] as string,
          level: names[i] as string,
          games: played,
          wins: t.wins,
          draws: t.draws,
          losses: t.losses,
          winRate: played > 0 ? t.share / played : 0,
          winLow: ci.low,
          winHigh: ci.high,
          fairShare: 1 / players,
          elo: elo[i] as number,
          meanMs: t.moves > 0 ? t.ms / t.moves : 0,
          maxMs: t.maxMs,
          moves: t.moves,
        };
      }),
      ...(roleTally && opts.roles ? { roleName: opts.roles.name.en, roles: roleTally.results() } : {}),
      ...(accusationTally ? { accusations: accusationTally.result() } : {}),
      reasons: { ...reasons },
      plies: { mean: played > 0 ? plyTotal / played : 0, max: plyMax },
      seconds: (performance.now() - started) / 1000,
    };
  };

  for (let g = 0; g < opts.games; g++) {
    const gameSeed = `${String(seed)}/${g}`;
    const created = Match.create(game, { players, options: opts.options, seed: gameSeed });
    if (!created.ok) throw new Error(`cannot set up ${game.id}: ${describeError(created.error, 'en', game.messages)}`);
    const match = created.value;
    // What the game's bots remember of this game (packages/ai `BotMemory`), dropped with it.
    const memory = newBotMemory();
    // Seat s is played by entrant (s + g) mod players: entrant e sits at seat (e - g) mod players.
    const entrantAt = (s: Seat): number => (s + g) % players;
    let outcome: Outcome | null = match.outcome();
    const remaining: number[] | null = opts.clock ? new Array<number>(players).fill(opts.clock.ms) : null;
    // A seat that loses on time or forfeits (an outside engine's crash, silence or illegal move) ends the game.
    const lose = (seat: Seat, reason: string): Outcome => ({
      winners: Array.from({ length: players }, (_, s) => s).filter((s) => s !== seat),
      draw: false,
      reason,
    });
    while (!outcome && match.ply < maxPlies) {
      const seat = match.toMove()[0] as Seat;
      const e = entrantAt(seat);
      const entrant = lineup[e] as Entrant;
      const view = game.view(match.state, seat);
      const clock = remaining && opts.clock ? { remaining: [...remaining], increment: opts.clock.inc } : undefined;
      const t0 = performance.now();
      let move: string | null;
      if (entrant.kind === 'bot') {
        const moveBudget = clock ? { ms: moveTime(clock, seat) as number } : budget;
        move = entrant.bot.choose({
          game,
          view,
          seat,
          rng: createRng(`${gameSeed}/${match.ply}/${seat}`),
          ...(moveBudget ? { budget: moveBudget } : {}),
          memory,
        });
      } else {
        const answer = await entrant.engine.turn({
          game: game.id,
          players,
          options: match.options,
          seat,
          ply: match.ply,
          view,
          legal: match.legalNotation(seat),
          ...(clock ? { clock } : budget ? { budget } : {}),
        });
        if ('forfeit' in answer) {
          outcome = lose(seat, 'forfeit');
          forfeits.push({ game: g, seat, entrant: labels[e] as string, reason: answer.forfeit });
          break;
        }
        move = answer.move;
      }
      const ms = performance.now() - t0;
      const tally = tallies[e] as Tally;
      tally.ms += ms;
      tally.moves++;
      if (ms > tally.maxMs) tally.maxMs = ms;
      if (remaining && opts.clock) {
        remaining[seat] = (remaining[seat] as number) - ms;
        if ((remaining[seat] as number) < 0) {
          outcome = lose(seat, 'time');
          break;
        }
        remaining[seat] = (remaining[seat] as number) + opts.clock.inc;
      }
      if (move === null)
        throw new Error(`${labels[e]} found no move for seat ${seat} at ply ${match.ply} of game ${g}`);
      const result = match.play(seat, move);
      if (!result.ok) {
        if (entrant.kind === 'exec') {
          outcome = lose(seat, 'forfeit');
          forfeits.push({
            game: g,
            seat,
            entrant: labels[e] as string,
            reason: `illegal move "${move.slice(0, 100)}": ${result.error.code}`,
          });
          break;
        }
        throw new Error(
          `${labels[e]} played an illegal move ${move} at ply ${match.ply} of game ${g}: ${result.error.code}`,
        );
      }
      outcome = match.outcome();
    }
    outcome ??= { winners: [], draw: true, reason: 'arena-cap' };
    played++;
    plyTotal += match.ply;
    plyMax = Math.max(plyMax, match.ply);
    reasons[outcome.reason] = (reasons[outcome.reason] ?? 0) + 1;
    const winners = new Set(outcome.winners.map(entrantAt));
    for (let e = 0; e < players; e++) {
      const t = tallies[e] as Tally;
      if (winners.has(e)) {
        if (winners.size === 1 && !outcome.draw) t.wins++;
        else t.draws++;
        t.share += 1 / winners.size;
      } else if (outcome.draw && winners.size === 0) {
        t.draws++;
        t.share += 1 / players;
      } else t.losses++;
    }
    // Roles are read from what a spectator sees at the end: a role is public by then, or it is not a role.
    const endView = opts.roles ? game.view(match.state, 'spectator') : null;
    const ended = outcome;
    const roles = opts.roles
      ? Array.from({ length: players }, (_, s) => (opts.roles as ArenaRoles).roleOf(endView, s, ended))
      : null;
    if (accusationTally && roles && opts.roles?.accusations)
      accusationTally.add(opts.roles.accusations, match.history, roles);
    if (roleTally && roles) {
      const seatsWon = outcome.winners.length;
      roles.forEach((role, s) => {
        if (role === null) return;
        const won = outcome.winners.includes(s);
        const share = won ? 1 / seatsWon : outcome.draw && seatsWon === 0 ? 1 / players : 0;
        roleTally.add(role, share, won && seatsWon === 1 && !outcome.draw, players);
      });
    }
    for (let a = 0; a < players; a++) {
      for (let b = a + 1; b < players; b++) {
        const wa = winners.has(a);
        const wb = winners.has(b);
        if (wa && !wb) pairs.push({ a, b, score: 1 });
        else if (wb && !wa) pairs.push({ a, b, score: 0 });
        else if (wa || winners.size === 0) pairs.push({ a, b, score: 0.5 });
      }
    }
    if (opts.jsonl) {
      const record: MatchRecord = match.record();
      const seats = Array.from({ length: players }, (_, s) => labels[entrantAt(s)] as string);
      const forfeit = forfeits.find((f) => f.game === g);
      const clocks = remaining ? { clock: remaining.map((ms) => Math.round(ms)) } : {};
      appendFileSync(
        opts.jsonl,
        `${JSON.stringify({ index: g, players, seats, ...(roles ? { roles } : {}), outcome, ...(forfeit ? { forfeit: forfeit.reason } : {}), ...clocks, plies: match.ply, record })}\n`,
      );
    }
    opts.onProgress?.(played, opts.games, snapshot());
  }
  return snapshot();
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** A table of the results, one line per entrant, and a footer with the budget and how games ended. */
export function formatArena(r: ArenaResults): string {
  const rows = [['bot', 'wins', 'draws', 'losses', 'win rate', '95% CI', 'fair', 'Elo', 'ms/move (max)']];
  for (const e of r.entrants) {
    rows.push([
      e.name,
      String(e.wins),
      String(e.draws),
      String(e.losses),
      pct(e.winRate),
      `${pct(e.winLow)}–${pct(e.winHigh)}`,
      pct(e.fairShare),
      `${e.elo >= 0 ? '+' : ''}${e.elo.toFixed(0)}`,
      `${e.meanMs.toFixed(0)} (${e.maxMs.toFixed(0)})`,
    ]);
  }
  const widths = (rows[0] as string[]).map((_, c) => Math.max(...rows.map((row) => (row[c] as string).length)));
  const lines = rows.map((row) =>
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  '),
  );
  const budget = r.clock
    ? `clock ${r.clock.ms} ms + ${r.clock.inc} ms a move`
    : r.budget
      ? Object.entries(r.budget)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ')
      : 'level defaults';
  const reasons = Object.entries(r.reasons)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  lines.splice(1, 0, (widths as number[]).map((w) => '-'.repeat(w)).join('  '));
  lines.push('');
  lines.push(
    `${r.game}, ${r.players} players, ${r.played}/${r.games} games (seats rotated), budget: ${budget}, ${r.seconds.toFixed(0)} s`,
  );
  lines.push(`ends: ${reasons}; plies per game: mean ${r.plies.mean.toFixed(0)}, max ${r.plies.max}`);
  lines.push('Elo: Bradley–Terry fit on pairwise results (winner beats each loser), centred on 0.');
  if (r.roles && r.roleName) {
    lines.push('');
    lines.push(formatRoles(r.roles, r.roleName));
    lines.push(
      `Per ${r.roleName}: games dealt, wins (a shared win counts as its share), fair share = 1/players, × fair = win rate / fair share.`,
    );
  }
  if (r.accusations) lines.push(formatAccusations(r.accusations));
  return lines.join('\n');
}

/** A one-line progress bar for a terminal (written with \r by the caller). */
export function progressBar(done: number, total: number, partial: ArenaResults, width = 30): string {
  const filled = total > 0 ? Math.round((width * done) / total) : width;
  const lead = partial.entrants.map((e) => `${e.name} ${pct(e.winRate)}`).join(' · ');
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}  ${lead}`;
}
