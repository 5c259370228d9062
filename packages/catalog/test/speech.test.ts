/**
 * Words for a screen reader, every listed game alike: over random positions and every seat's view, each thing the
 * view names has a name in both languages, a thing only another seat may see is never named, and no query's
 * answer points at one. Hidden here means: an id in another seat's view that is nowhere in this seat's view.
 */
import { describe, expect, it } from 'vitest';
import { createRng, frontQueryOf, nextInt, type AnyGame, type Seat, type Viewer } from '@roundtable/core';
import { GAME_IDS, games } from '../src/index.ts';

const PLAYERS: Readonly<Record<string, number>> = { camelot: 2, lancelot: 3, joust: 3, tournament: 3, shadows: 4 };

/** Every string in a JSON value, keys included (ids of cards, squares, seats appear as strings). */
function strings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      strings(v, out);
    }
  return out;
}

/** States along a random game: every `every` plies, up to `count` of them. */
function positions(game: AnyGame, players: number, seed: number, count: number, every: number): unknown[] {
  const options = game.parseOptions({}, players);
  if (!options.ok) throw new Error('options');
  const set = game.setup({ players, options: options.value, seed });
  if (!set.ok) throw new Error('setup');
  let s = set.value;
  const rng = createRng(seed);
  const out: unknown[] = [s];
  for (let ply = 1; out.length < count && !game.outcome(s); ply++) {
    const seats = game.toMove(s);
    const seat = seats[nextInt(rng, seats.length)] as Seat;
    const moves = game.legalMoves(s, seat);
    const next = game.play(s, seat, moves[nextInt(rng, moves.length)]);
    if (!next.ok) throw new Error('illegal');
    s = next.value;
    if (ply % every === 0) out.push(s);
  }
  return out;
}

/** A query line for each command: its first English word, with an argument taken from the view when it needs one. */
function lines(game: AnyGame, things: readonly string[]): string[] {
  const sample = things.find((t) => /^[A-Z]\d+$/.test(t)) ?? 'grail';
  return game.speech!.commands.flatMap((c) => {
    const word = c.words.en[0]!;
    const fr = c.words.fr[0]!;
    if (!c.args) return [word, fr];
    const arg = c.id === 'row' ? sample.slice(1) : c.id === 'file' || c.id === 'column' ? sample[0]! : sample;
    return [`${word} ${arg}`, `${fr} ${arg}`, `${word} nowhere-99`];
  });
}

describe('every listed game speaks', () => {
  it('has words for a screen reader', () => {
    for (const id of GAME_IDS) expect(games[id]!.speech, id).toBeDefined();
  });

  for (const id of Object.keys(PLAYERS)) {
    it(`${id}: every thing named, nothing hidden named, every query answered in both languages`, () => {
      const game = games[id]!;
      const speech = game.speech!;
      const players = PLAYERS[id]!;
      for (const state of positions(game, players, 7, 6, 9)) {
        const viewers: Viewer[] = [...Array.from({ length: players }, (_, i) => i), 'spectator'];
        const views = new Map(viewers.map((v) => [v, game.view(state, v)]));
        for (const viewer of viewers) {
          const view = views.get(viewer);
          const mine = strings(view);
          const hidden = new Set<string>();
          for (const [other, v] of views)
            if (other !== viewer) for (const x of strings(v)) if (!mine.has(x)) hidden.add(x);
          const things = speech.things(view);
          for (const thing of things) {
            expect(hidden.has(thing), `${id}: ${thing} is hidden from ${viewer}`).toBe(false);
            for (const lang of ['en', 'fr'] as const) expect(speech.name(view, thing, lang), thing).toMatch(/\S/);
            expect(speech.name(view, thing, 'fr'), thing).not.toMatch(/(^|[^\u00a0])[:;!?](\s|$)/);
          }
          for (const secret of hidden)
            expect(speech.name(view, secret, 'en'), `${id}: ${secret} named to ${viewer}`).toBeNull();
          for (const line of lines(game, things))
            for (const lang of ['en', 'fr'] as const) {
              const answer = speech.ask(view, line, { viewer, lang, players });
              expect(answer?.text, `${id} "${line}"`).toMatch(/\S/);
              // French typography: a non-breaking space before « : ; ! ? », never a plain one or none.
              if (lang === 'fr') expect(answer?.text, `${id} "${line}"`).not.toMatch(/(^|[^\u00a0])[:;!?](\s|$)/);
              for (const ref of answer?.refs ?? [])
                expect(hidden.has(ref), `${id} "${line}" points at ${ref}`).toBe(false);
            }
          expect(speech.ask(view, 'xyzzy plugh', { viewer, lang: 'en', players })).toBeNull();
          // A move is never read as a question: front doors ask before they play.
          if (viewer !== 'spectator')
            for (const move of game.legalMoves(state, viewer)) {
              const notation = game.formatMove(state, move);
              expect(
                speech.ask(view, notation, { viewer, lang: 'en', players }),
                `${id} move "${notation}"`,
              ).toBeNull();
              expect(frontQueryOf(notation), `${id} move "${notation}"`).toBeNull();
            }
        }
      }
    });
  }
});
