import { createRng, replay, type AnyGame, type Match, type Result, type RngState, type Seat } from '@roundtable/core';
import type { BotMemory } from '../bot.ts';
import { searcherFor, tuningFor, tuningOf } from '../dispatch.ts';
import { greedyBot } from '../greedy.ts';
import type { IsmctsTuning } from '../ismcts.ts';
import { simulate } from '../mcts.ts';
import { rewards } from '../reward.ts';
import type { BeliefStep, PlyReview, Review, SeatReview } from './types.ts';

/** Search iterations per decision: the strong bot's preference (its share of a second, about). */
export const HIDDEN_ITERATIONS = 150;
/** Sampled worlds in which each candidate move is played out, the same worlds for every candidate. */
export const HIDDEN_WORLDS = 24;
/** The moves the bot preferred, besides the one played, that the review lists. */
const PREFERRED = 3;
/** Games of equal bots for the luck figure: from this match's seed, and from fresh seeds. */
const LUCK_GAMES = 24;

export interface HiddenReviewOptions {
  readonly iterations?: number;
  readonly worlds?: number;
  /** Games of equal bots for each side of the luck figure (0: no luck figure). */
  readonly luckGames?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** One decision judged from the mover's own view. */
export interface Judgement {
  /** The bot's other preferred moves, best first by value, never the move played. */
  readonly preferred: readonly { readonly move: string; readonly value: number }[];
  readonly value: number;
  readonly loss: number;
}

/**
 * Judges the move `played` by `seat` in `state`, from what that seat could see then and nothing else: its view
 * (`game.view`), and what a bot in its place would remember of the table (`memory`, fed with this seat's views
 * alone). The strong bot's search ranks the moves; each ranked move and the one played are then played out in the
 * same `worlds` sampled from the view (common random numbers), so their values compare; the loss is what the
 * played move gives away against the bot's first choice (0 when it is that move). Returns null for a decision with
 * one legal move. Depends on `state` only through the view: exchanging what the seat could not see changes nothing.
 */
export function judgeDecision(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  played: string,
  memory: BotMemory,
  options: { readonly iterations: number; readonly worlds: number; readonly key: string },
): Judgement | null {
  const base = tuningOf(game);
  const raw = game.view(state, seat);
  const view = base.annotate ? base.annotate(game, raw, seat, memory) : raw;
  const tuning = tuningFor(game, view, seat) as IsmctsTuning;
  const sample = game.determinize(view, seat, createRng(`${options.key}/legal`));
  const legal = game.legalMoves(sample, seat).map((m) => game.formatMove(sample, m));
  if (legal.length <= 1 || !legal.includes(played)) return null;
  const players = game.players(sample);
  const report = searcherFor(
    game,
    players,
  )({
    game,
    view,
    seat,
    rng: createRng(`${options.key}/search`),
    budget: { iterations: options.iterations },
  });
  // The bot's order: most visited first, then the best mean (a search that tries every move as often, as the
  // Tournament's does, ranks by its values).
  const mean = (m: { visits: number; value: number }): number => (m.visits > 0 ? m.value / m.visits : 0);
  const ranked =
    report.kind === 'visits'
      ? [...report.moves]
          .sort((a, b) => b.visits - a.visits || mean(b) - mean(a) || (a.move < b.move ? -1 : 1))
          .map((m) => m.move)
      : [];
  const candidates = [...ranked.filter((m) => m !== played).slice(0, PREFERRED), played].filter((m) =>
    legal.includes(m),
  );
  const values = new Map<string, number>(candidates.map((m) => [m, 0]));
  for (let w = 0; w < options.worlds; w++) {
    const rng = createRng(`${options.key}/world/${w}`);
    const world = tuning.determinize ? tuning.determinize(game, view, seat, rng) : game.determinize(view, seat, rng);
    const dice = [...rng] as RngState;
    for (const m of candidates) {
      const parsed = game.parseMove(world, seat, m);
      const next = parsed.ok ? game.play(world, seat, parsed.value) : parsed;
      // A sampled world where the move is impossible says nothing about it: it scores as the others' mean below.
      const reward = next.ok ? (simulate(game, next.value, players, tuning, [...dice] as RngState)[seat] ?? 0) : NaN;
      values.set(m, (values.get(m) ?? 0) + reward / options.worlds);
    }
  }
  const value = (m: string): number => {
    const v = values.get(m) ?? 0;
    return Number.isFinite(v) ? v : 0;
  };
  // The others the bot ranked highest, best first by their value in the shared worlds: the move played is told
  // apart (`value`), and its loss is what the best of them would have kept over it (0 when none did better).
  const preferred = ranked
    .filter((m) => values.has(m) && m !== played)
    .slice(0, PREFERRED)
    .map((m) => ({ move: m, value: round(value(m)) }))
    .sort((a, b) => b.value - a.value || (a.move < b.move ? -1 : 1));
  const best = preferred[0]?.value ?? 0;
  return {
    preferred,
    value: round(value(played)),
    loss: round(Math.max(0, best - round(value(played)))),
  };
}

/**
 * Luck: how the deal and the draws favoured each seat. Equal bots (the greedy bot in every seat) play the match's
 * own seed again and again, and fresh seeds as many times; a seat's luck is its mean result from this seed less its
 * mean from fresh ones (its place at the table weighs in both). After the end the seed is public, and no decision
 * is judged with it.
 */
export function luckOf(game: AnyGame, match: Match, games: number): number[] {
  const mean = (seed: (k: number) => string | number): number[] => {
    const total = new Array<number>(match.players).fill(0);
    for (let k = 0; k < games; k++) {
      const made = game.setup({ players: match.players, options: match.options, seed: seed(k) });
      if (!made.ok) return total;
      let s = made.value;
      for (let ply = 0; ply < 5000 && !game.outcome(s); ply++) {
        const seat = game.toMove(s)[0] as Seat;
        const move = greedyBot.choose({ game, view: game.view(s, seat), seat, rng: createRng(`luck/${k}/${ply}`) });
        const parsed = move === null ? null : game.parseMove(s, seat, move);
        const next = parsed?.ok ? game.play(s, seat, parsed.value) : null;
        if (!next?.ok) break;
        s = next.value;
      }
      const over = game.outcome(s);
      if (over) rewards(over, match.players).forEach((r, i) => (total[i] = (total[i] ?? 0) + r / games));
    }
    return total;
  };
  const own = mean(() => match.seed);
  const fresh = mean((k) => `luck/fresh/${k}`);
  return own.map((r, i) => round(r - (fresh[i] ?? 0)));
}

/**
 * The review of a finished match of a game with hidden information: every decision with a choice judged from its
 * seat's own view (`judgeDecision`), each seat's mean loss and luck, and, for a game with a hidden role, each
 * seat's belief about it after every move as its bots read the table.
 */
export function reviewHidden(game: AnyGame, record: unknown, options: HiddenReviewOptions = {}): Result<Review> {
  const replayed = replay(game, record);
  if (!replayed.ok) return replayed;
  const match = replayed.value;
  const iterations = options.iterations ?? HIDDEN_ITERATIONS;
  const worlds = options.worlds ?? HIDDEN_WORLDS;
  const moves = match.history;
  const tuning = tuningOf(game);
  const memories: BotMemory[] = Array.from({ length: match.players }, () => ({}));
  const beliefMemories: BotMemory[] = Array.from({ length: match.players }, () => ({}));
  const plies: PlyReview[] = [];
  const beliefs: BeliefStep[] = [];
  for (let i = 0; i < moves.length; i++) {
    const { seat, move } = moves[i] as { seat: Seat; move: string };
    const state = match.stateAt(i);
    const judged = judgeDecision(game, state, seat, move, memories[seat] as BotMemory, {
      iterations,
      worlds,
      key: `review/${i}`,
    });
    plies.push({ ply: i + 1, seat, move, ...(judged ?? {}) });
    if (tuning.beliefs) {
      const after = match.stateAt(i + 1);
      beliefs.push({
        ply: i + 1,
        beliefs: Array.from({ length: match.players }, (_, s) => {
          const b = tuning.beliefs?.(game, game.view(after, s), s, beliefMemories[s] as BotMemory) ?? null;
          return b ? b.map(round) : null;
        }),
      });
    }
    options.onProgress?.(i + 1, moves.length + 1);
  }
  const luck =
    (options.luckGames ?? LUCK_GAMES) > 0 && match.outcome()
      ? luckOf(game, match, options.luckGames ?? LUCK_GAMES)
      : null;
  options.onProgress?.(moves.length + 1, moves.length + 1);
  const seats: SeatReview[] = Array.from({ length: match.players }, (_, seat) => {
    const own = plies.filter((p) => p.seat === seat);
    const judged = own.filter((p) => p.loss !== undefined);
    const meanLoss = judged.length > 0 ? judged.reduce((t, p) => t + (p.loss ?? 0), 0) / judged.length : undefined;
    return {
      seat,
      moves: own.length,
      inaccuracies: 0,
      mistakes: 0,
      blunders: 0,
      ...(meanLoss !== undefined ? { meanLoss: round(meanLoss) } : {}),
      ...(luck ? { luck: luck[seat] ?? 0 } : {}),
    };
  });
  return {
    ok: true,
    value: {
      version: 1,
      game: game.id,
      players: match.players,
      kind: 'hidden',
      plies,
      seats,
      ...(tuning.beliefs ? { beliefs } : {}),
      effort: iterations,
    },
  };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
