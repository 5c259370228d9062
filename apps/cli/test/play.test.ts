import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BOOKS, positionKey } from '@roundtable/ai';
import { describeError, Match, type AnyGame } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { joust } from '@roundtable/joust';
import { camelotAdapter } from '../src/games/camelot.ts';
import { lineSource } from '../src/play/lines.ts';
import { playMatch } from '../src/play/loop.ts';
import { runMenu } from '../src/play/menu.ts';
import { cliMessages } from '../src/messages.ts';
import { HUMAN, parseSeatKind, type SeatKind } from '../src/play/seats.ts';
import type { TerminalAdapter } from '../src/terminal/adapter.ts';
import { CLEAR_SCREEN } from '../src/terminal/style.ts';
import { adapters, games, nimAdapter } from './fixtures/games.ts';
import { nim } from './fixtures/nim.ts';

const GREEDY: SeatKind = { kind: 'bot', level: 'greedy' };
const RANDOM: SeatKind = { kind: 'bot', level: 'random' };

/** Plays a match with scripted input lines; returns the outcome and everything printed. */
async function script(
  game: AnyGame,
  seats: SeatKind[],
  input: string[],
  { adapter = nimAdapter(game.id, false), setup = {}, lang = 'en' as 'en' | 'fr' } = {},
) {
  const created = Match.create(game, { players: seats.length, seed: 5, ...setup });
  if (!created.ok) throw new Error(created.error.code);
  const output = new PassThrough();
  let printed = '';
  output.on('data', (d: Buffer) => (printed += d.toString()));
  const lines = lineSource(Readable.from(input.map((l) => `${l}\n`)), output);
  const result = await playMatch({
    match: created.value,
    adapter,
    seats,
    lines,
    output,
    lang,
    color: false,
    botDelayMs: 0,
  });
  lines.close();
  return { ...result, printed, match: created.value };
}

describe('the terminal game: moves and mistakes', () => {
  it("explains an illegal move with the game's own words and lets the player try again", async () => {
    const { printed, match } = await script(nim, [HUMAN, HUMAN], ['1-9', '7-1', '1-x', '1-1', 'quit']);
    expect(printed).toContain('Heap 1 holds only 3 stones, you cannot take 9.');
    expect(printed).toContain('There is no heap 7.');
    expect(printed).toContain('Cannot read the move "1-x": write heap-count, e.g. 2-3.');
    expect(printed).toContain('Player 1 plays 1-1');
    expect(match.history).toEqual([{ seat: 0, move: '1-1' }]);
  });

  it('speaks French with --lang fr', async () => {
    const { printed } = await script(nim, [HUMAN, HUMAN], ['1-9', 'quit'], { lang: 'fr' });
    expect(printed).toContain("Le tas 1 ne contient que 3 pierres, impossible d'en prendre 9.");
    expect(printed).toContain('Partie abandonnée en cours.');
  });

  it('refuses a move out of turn by anyone else: only the seat to play is asked', async () => {
    const { printed } = await script(nim, [HUMAN, HUMAN], ['1-1', '1-1', 'quit']);
    expect(printed).toContain('Player 1 > 1-1');
    expect(printed).toContain('Player 2 > 1-1');
  });

  it('answers help, hints, board and record without changing the game', async () => {
    const { printed, match } = await script(nim, [HUMAN, HUMAN], ['help', 'hints', 'record', 'board', 'quit'], {
      setup: { options: { heaps: 1 } },
    });
    expect(printed).toContain('undo');
    expect(printed).toContain('Legal moves: 1-1 1-2 1-3');
    expect(printed).toContain('{"game":"nim","players":2,"options":{"heaps":1,"misere":false},"seed":5,"moves":[]}');
    expect(match.ply).toBe(0);
  });

  it('ends cleanly when the input ends', async () => {
    const { outcome, printed } = await script(nim, [HUMAN, GREEDY], []);
    expect(outcome).toBeNull();
    expect(printed).toContain('Input ended');
  });
});

describe('the terminal game: undo', () => {
  it('in hot-seat takes back one move', async () => {
    const { match, printed } = await script(nim, [HUMAN, HUMAN], ['1-1', '2-1', 'undo', 'quit']);
    expect(printed).toContain('Took back 1 move.');
    expect(match.history).toEqual([{ seat: 0, move: '1-1' }]);
  });

  it("against a bot takes back the bot's reply too, back to the human's turn", async () => {
    const { match, printed } = await script(nim, [HUMAN, GREEDY], ['3-1', 'undo', 'quit'], {
      setup: { options: { heaps: 3 } },
    });
    expect(printed).toContain('Took back 2 moves.');
    expect(match.ply).toBe(0);
    expect(match.toMove()).toEqual([0]);
  });

  it('says so when there is nothing to take back', async () => {
    const { printed } = await script(nim, [HUMAN, HUMAN], ['undo', 'quit']);
    expect(printed).toContain('Nothing to undo.');
  });
});

describe('the terminal game: bots and the end', () => {
  it('bots play each other to the end and the outcome is printed in words', async () => {
    const { outcome, printed } = await script(nim, [RANDOM, GREEDY, RANDOM], []);
    expect(outcome).not.toBeNull();
    expect(printed).toMatch(/Game over\. Player \d wins: last-stone\./);
    expect(printed).toContain('[view of spectator]');
    expect(printed).not.toContain('[view of seat');
  });

  it('a human wins against a bot by taking the last stone', async () => {
    const { outcome, printed } = await script(nim, [HUMAN, RANDOM], ['1-3'], { setup: { position: '3 0' } });
    expect(outcome).toMatchObject({ winners: [0], reason: 'last-stone' });
    expect(printed).toContain('Game over. Player 1 wins: last-stone.');
  });

  it('bot-vs-bot Camelot reaches an end and says why in words', async () => {
    const { outcome, printed } = await script(camelot, [GREEDY, RANDOM], [], { adapter: camelotAdapter });
    expect(outcome).not.toBeNull();
    expect(printed).toMatch(/Game over\. (White wins|Black wins|Draw)/);
  }, 30_000);
});

describe('the terminal game: hot-seat with hidden information', () => {
  it("clears the screen and waits for Enter before each player's view, and draws only that seat's view", async () => {
    const secret = games['secret-nim'] as AnyGame;
    const adapter = adapters['secret-nim'] as TerminalAdapter;
    const { printed } = await script(secret, [HUMAN, HUMAN], ['', '1-1', '', '1-1', '', 'quit'], { adapter });
    const screens = printed.split(CLEAR_SCREEN);
    expect(printed).toContain('Pass the terminal to Player 1');
    expect(printed).toContain('Pass the terminal to Player 2');
    // Every screen shows at most one seat's view, and it is the seat then asked to play.
    for (const screen of screens) {
      const views = [...screen.matchAll(/\[view of (seat \d|spectator)\]/g)].map((m) => m[1]);
      expect(new Set(views).size).toBeLessThanOrEqual(1);
      if (views[0]) expect(screen).toContain(`Player ${Number(views[0].slice(5)) + 1} >`);
    }
    expect(printed).not.toContain('[view of spectator]');
  });
  it("undo takes back only one's own moves: another person's was made out of sight", async () => {
    const secret = games['secret-nim'] as AnyGame;
    const adapter = adapters['secret-nim'] as TerminalAdapter;
    const { printed, match } = await script(secret, [HUMAN, HUMAN], ['', '1-1', '', 'undo', 'quit'], { adapter });
    expect(printed).toContain("The last move is Player 1's: with hidden hands, you take back only your own.");
    expect(match.history).toEqual([{ seat: 0, move: '1-1' }]);
  });
});

describe('the menu', () => {
  it('walks through game, players, seats and options with defaults, then the game plays', async () => {
    const output = new PassThrough();
    let printed = '';
    output.on('data', (d: Buffer) => (printed += d.toString()));
    const lines = lineSource(
      Readable.from(['nim\n', '3\n', 'human\n', 'bot\n', 'random\n', '\n', 'maybe\n', 'y\n']),
      output,
    );
    const choice = await runMenu({ games: { nim }, adapters: {} }, lines, output, 'en');
    lines.close();
    expect(choice).toMatchObject({ players: 3, options: { heaps: 3, misere: true } });
    expect(choice?.game.id).toBe('nim');
    expect(choice?.seats).toEqual([HUMAN, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'random' }]);
    expect(printed).toContain('"maybe" is not an answer here: type y or n.');
  });
});

describe('bot levels per game: the book only where there is one', () => {
  const JOUST_LEVELS = 'random, greedy, easy, medium, strong';

  it('a Camelot seat takes bot-book, and that bot opens with a move of the book', async () => {
    const seat = parseSeatKind('bot-book', 'easy', 'camelot');
    expect(seat).toEqual({ ok: true, value: { kind: 'bot', level: 'book' } });
    const { match } = await script(camelot, [(seat as { value: SeatKind }).value, HUMAN], ['quit'], {
      adapter: camelotAdapter,
    });
    const book = BOOKS.find((b) => b.game === 'camelot');
    const start = Match.create(camelot, { players: 2, seed: 5 });
    if (!book || !start.ok) throw new Error('no Camelot book or start');
    const opening = book.positions[positionKey(camelot, book.options, start.value.state)] ?? [];
    expect(opening.map(([move]) => move)).toContain(match.history[0]?.move);
  });

  it("a joust seat refuses book, naming the level, the game and joust's levels, in English and French", () => {
    for (const text of ['book', 'bot-book']) {
      const seat = parseSeatKind(text, 'easy', 'joust');
      if (seat.ok) throw new Error(`${text} was taken for joust`);
      expect(seat.error).toMatchObject({ code: 'BAD_LEVEL', level: 'book', game: 'joust', games: ['camelot'] });
      expect(describeError(seat.error, 'en', cliMessages)).toBe(
        `The bot level "book" is not offered for joust, only for camelot (levels for joust: ${JOUST_LEVELS}).`,
      );
      expect(describeError(seat.error, 'fr', cliMessages)).toBe(
        `Le niveau de bot «\u00a0book\u00a0» n’est pas proposé pour joust, seulement pour camelot (niveaux pour joust\u00a0: ${JOUST_LEVELS}).`,
      );
    }
    // A word no game knows still gets the answers this game takes, without the book's.
    const typo = parseSeatKind('wizard', 'easy', 'joust');
    expect(typo.ok || typo.error.known).toEqual([
      'human',
      ...JOUST_LEVELS.split(', '),
      'bot',
      ...JOUST_LEVELS.split(', ').map((l) => `bot-${l}`),
    ]);
  });

  it("the menu lists each game's levels, and refuses book for joust", async () => {
    const menu = async (input: string[], lang: 'en' | 'fr' = 'en') => {
      const output = new PassThrough();
      let printed = '';
      output.on('data', (d: Buffer) => (printed += d.toString()));
      const lines = lineSource(Readable.from(input.map((l) => `${l}\n`)), output);
      const choice = await runMenu({ games: { camelot, joust }, adapters: {} }, lines, output, lang);
      lines.close();
      // The menu wraps its lines to the terminal's width.
      return { choice, printed: printed.replace(/\s*\n\s+/g, ' ') };
    };
    const forCamelot = await menu(['camelot', 'human', 'book']);
    expect(forCamelot.printed).toContain(`Who sits at each seat: human, or a bot (${JOUST_LEVELS}, book).`);
    expect(forCamelot.printed).not.toContain('is not an answer here');
    const forJoust = await menu(['joust', '', 'human', 'book']);
    expect(forJoust.printed).toContain(`Who sits at each seat: human, or a bot (${JOUST_LEVELS}).`);
    expect(forJoust.printed).toContain(`"book" is not an answer here: type human, or a bot level (${JOUST_LEVELS}).`);
    const enFrançais = await menu(['joust', '', 'humain'], 'fr');
    expect(enFrançais.printed).toContain(`Qui s’assied à chaque place\u00a0: humain, ou un bot (${JOUST_LEVELS}).`);
  });
});
