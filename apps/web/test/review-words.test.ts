/**
 * The words of a card-game review are the log's: every decision of random matches told as the table's log (the
 * web's LogBook, fed as the local session feeds it) told it to the seat that made it, with the players' names, never the
 * engine's notation nor a seat number; and a move not played is told in the same words.
 */
import { describe, expect, it } from 'vitest';
import { gameById } from '@roundtable/catalog';
import {
  Match,
  createRng,
  moveInWords,
  movesInWords,
  nextInt,
  type AnyGame,
  type Lang,
  type LogEntry,
  type Seat,
} from '@roundtable/core';
import { LogBook, type Step } from '../src/session/narration.ts';

const NAMES = ['Alice', 'Bertrand', 'Cédric', 'Dagonet', 'Enide'];
const name = (s: Seat): string => NAMES[s] ?? `?${s}`;

/** A match of random moves, to its end or its 120th move (a long Tournoi need not be played out to test words). */
function randomMatch(game: AnyGame, players: number, seed: number): Match {
  const made = Match.create(game, { players, seed });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  const rng = createRng(`words/${seed}`);
  while (!m.outcome() && m.ply < 120) {
    const toMove = m.toMove();
    const seat = toMove[nextInt(rng, toMove.length)] as Seat;
    const legal = m.legalNotation(seat);
    m.play(seat, legal[nextInt(rng, legal.length)] as string);
  }
  return m;
}

/**
 * The table's log as each seat read it: the web's LogBook (session/narration.ts) fed step by step with that seat's
 * views, as the local session feeds it (session/local.ts); `[seat][i]` holds the entries of move `i + 1`.
 */
function logsOf(game: AnyGame, m: Match, lang: Lang): LogEntry[][][] {
  return Array.from({ length: m.players }, (_, seat) => {
    const book = new LogBook(game);
    let before: unknown = null;
    for (let i = 0; i <= m.ply; i++) {
      const after = game.view(m.stateAt(i), seat);
      const h = i > 0 ? m.history[i - 1] : undefined;
      const known = h !== undefined && (game.perfectInformation || h.seat === seat);
      const step: Step = {
        before,
        after,
        move: known && h ? { seat: h.seat, notation: h.move } : null,
        seat: known && h ? h.seat : null,
      };
      book.push(step);
      before = after;
    }
    const bySteps: LogEntry[][] = Array.from({ length: m.ply }, () => []);
    for (const { step, ...entry } of book.entries(seat, lang, m.players, name, NAMES.join('|')))
      if (step > 0) bySteps[step - 1]?.push(entry);
    return bySteps;
  });
}

const CASES: readonly (readonly [string, number])[] = [
  ['joust', 2],
  ['joust', 3],
  ['joust', 5],
  ['tournament', 3],
  ['tournament', 4],
  ['shadows', 3],
  ['shadows', 5],
  ['lancelot', 3],
  ['lancelot', 5],
];

describe('A card-game review tells each decision in the words of the table’s log', () => {
  for (const id of ['joust', 'tournament', 'shadows', 'lancelot']) {
    it(`${id}: 50 random matches, every decision told as the log told it to its mover, with names, never a notation`, () => {
      const game = gameById(id) as AnyGame;
      const counts = CASES.filter(([g]) => g === id).map(([, p]) => p);
      let decisions = 0;
      for (let k = 0; k < 50; k++) {
        const players = counts[k % counts.length] as number;
        const m = randomMatch(game, players, 1000 + k);
        const lang: Lang = k % 2 === 0 ? 'en' : 'fr';
        const told = movesInWords(game, m, lang, name);
        const logs = logsOf(game, m, lang);
        expect(told).toHaveLength(m.ply);
        told.forEach((entries, i) => {
          expect(entries).toEqual(logs[m.history[i]!.seat]![i]);
          const { seat, move } = m.history[i]!;
          expect(entries.length, `move ${i + 1} (${move}) is told`).toBeGreaterThan(0);
          const text = entries.map((e) => e.text).join(' ');
          expect(text).not.toMatch(/(?<![A-Za-z] )(Knight|Chevalier|Seat|Siège) \d/);
          // The engine's notation is never the words (a bare "end", "play riposte @1").
          expect(entries.some((e) => e.text === move)).toBe(false);
          if (entries.some((e) => e.seat === seat && e.kind === 'move')) expect(text).toContain(name(seat));
          decisions++;
        });
      }
      expect(decisions).toBeGreaterThan(500);
    });
  }

  it('a move not played is told as the log would have told it: the alternative’s words are those of the same move played', () => {
    for (const id of ['joust', 'tournament', 'shadows', 'lancelot']) {
      const game = gameById(id) as AnyGame;
      const m = randomMatch(game, 3, 7);
      const told = movesInWords(game, m, 'en', name);
      for (let i = 0; i < Math.min(m.ply, 60); i++) {
        const { seat, move } = m.history[i]!;
        const alone = moveInWords(game, m.stateAt(i), seat, move, m.players, 'en', name);
        expect(alone, `${id} move ${i + 1}`).not.toBeNull();
        for (const e of alone!) expect(told[i]).toContainEqual(e);
      }
    }
  });
});
