/**
 * The screens and words of the terminal for a new player (issue 14), piece by piece: wrapping and paging, the
 * command words, grouped hints, and each game's wording fixed by the issue.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Match, createRng, nextInt, type AnyGame, type Outcome } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { joust } from '@roundtable/joust';
import { lancelot } from '@roundtable/lancelot';
import { shadows } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';
import { adapters } from '../src/games/index.ts';
import { camelotAdapter, groupByPiece } from '../src/games/camelot.ts';
import { joustAdapter } from '../src/games/joust.ts';
import { lancelotAdapter } from '../src/games/lancelot.ts';
import { shadowsAdapter } from '../src/games/shadows.ts';
import { canonicalLine, commandOf } from '../src/play/commands.ts';
import { formatHintGroups, groupByVerb } from '../src/play/hints.ts';
import { describeOutcome } from '../src/play/outcome.ts';
import type { RenderOptions } from '../src/terminal/adapter.ts';
import { pageText } from '../src/terminal/pager.ts';
import { displayWidth, wrapLine, wrapText } from '../src/terminal/wrap.ts';

const options = (
  viewer: number | null,
  lang: 'en' | 'fr' = 'en',
  extra: Partial<RenderOptions> = {},
): RenderOptions => ({
  color: false,
  lang,
  viewer,
  humans: viewer === null ? [] : [viewer],
  ...extra,
});

/** A match played by seeded random moves until `stop` holds (or the end). */
function playUntil(game: AnyGame, players: number, stop: (m: Match) => boolean, seed = 1): Match {
  const m = (Match.create(game, { players, seed }) as { ok: true; value: Match }).value;
  const rng = createRng(`screens/${seed}`);
  while (!m.outcome() && !stop(m) && m.ply < 2000) {
    const seat = m.toMove()[0] as number;
    const legal = m.legalMoves(seat);
    m.playMove(seat, legal[nextInt(rng, legal.length)]);
  }
  return m;
}

describe('wrapping to the terminal', () => {
  it('never makes a line wider than asked, and loses no word', () => {
    const rng = createRng('wrap');
    for (let k = 0; k < 200; k++) {
      const words = Array.from({ length: 1 + nextInt(rng, 60) }, () => 'x'.repeat(1 + nextInt(rng, 25)));
      const line = ' '.repeat(nextInt(rng, 6)) + words.join(' ');
      const width = 40 + nextInt(rng, 60); // wider than any word and its indentation: no word is cut
      const out = wrapLine(line, width, 2);
      for (const l of out) expect(displayWidth(l)).toBeLessThanOrEqual(width);
      expect(out.join(' ').split(/\s+/).filter(Boolean)).toEqual(words);
    }
  });

  it('cuts a word wider than the line, measures without colour codes, and keeps a column layout', () => {
    expect(wrapLine('y'.repeat(170), 80).map((l) => l.length)).toEqual([80, 80, 10]);
    const red = `\u001b[31m${'z'.repeat(10)}\u001b[39m`;
    expect(wrapLine(Array(10).fill(red).join(' '), 80)).toHaveLength(2);
    const help = wrapText(
      "  undo           take back your last move and the bots' replies (never past a card drawn or a die rolled)",
      80,
    ).split('\n');
    expect(help[1]).toMatch(/^ {17}card drawn/);
  });

  it('never breaks French spacing: a quoted word or a colon stays with its neighbour', () => {
    const rng = createRng('glue');
    for (let k = 0; k < 100; k++) {
      const words = Array.from({ length: 40 }, (_, i) =>
        i % 7 === 3 ? '«\u00a0aide\u00a0»' : i % 5 === 2 ? 'main :' : 'x'.repeat(1 + nextInt(rng, 9)),
      );
      for (const l of wrapLine(words.join(' '), 30 + nextInt(rng, 40))) {
        expect(l).not.toMatch(/^ *[\u00a0»:]|«\u00a0$/);
        expect(l).not.toContain('\uE000');
      }
    }
  });

  it('pages a long text a screen at a time and stops at "q"', async () => {
    const out = new PassThrough();
    let printed = '';
    out.on('data', (d: Buffer) => (printed += d.toString()));
    const asked: string[] = [];
    const answers = ['', 'q'];
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    await pageText(text, 24, out, async (p) => (asked.push(p), answers.shift() ?? null), 'en');
    expect(asked).toEqual([
      '-- more: Enter for the next page, q to stop -- ',
      '-- more: Enter for the next page, q to stop -- ',
    ]);
    expect(printed).toContain('line 45');
    expect(printed).not.toContain('line 46');
  });
});

describe('command words', () => {
  it('French words and synonyms name the same commands', () => {
    expect(['help', 'aide', '?'].map(commandOf)).toEqual(['help', 'help', 'help']);
    expect(['hints', 'hint', 'coups', 'moves'].map(commandOf)).toEqual(['hints', 'hints', 'hints', 'hints']);
    expect(['undo', 'annuler', 'règles', 'quitter', 'plateau'].map(commandOf)).toEqual([
      'undo',
      'undo',
      'rules',
      'quit',
      'board',
    ]);
    expect(commandOf('play')).toBeUndefined();
  });

  it('a line keeps its arguments: "coups F6" is "hints F6", "carte so11" is "card so11", a move is left alone', () => {
    expect(canonicalLine('coups F6')).toBe('hints F6');
    expect(canonicalLine('hint F6')).toBe('hints F6');
    expect(canonicalLine('carte so11')).toBe('card so11');
    expect(canonicalLine('play red-4')).toBe('play red-4');
    expect(canonicalLine('constructor')).toBe('constructor');
    expect(canonicalLine('__proto__ x')).toBe('__proto__ x');
    expect(commandOf('constructor')).toBeUndefined();
  });
});

describe('hints grouped', () => {
  it('Camelot: by the piece that moves, its square said once', () => {
    expect(groupByPiece(['F6-F5', 'F6-E5', 'E8xC10xC12', 'G6-G7'])).toEqual([
      { label: 'F6', moves: ['F5', 'E5'] },
      { label: 'E8', moves: ['xC10xC12'] },
      { label: 'G6', moves: ['G7'] },
    ]);
  });

  it('Lancelot: by row, every line within 80 columns', () => {
    const m = (Match.create(lancelot, { players: 3, seed: 1 }) as { ok: true; value: Match }).value;
    const legal = m.legalNotation(0);
    const groups = lancelotAdapter.groupHints!(legal, 'en');
    expect(groups.every((g) => /^row \d+$/.test(g.label))).toBe(true);
    expect(groups.flatMap((g) => g.moves)).toEqual(legal);
    for (const l of formatHintGroups(groups, 80)) expect(displayWidth(l)).toBeLessThanOrEqual(80);
  });

  it('card games: by verb, one-word moves as "other", a move never split over two lines', () => {
    const groups = groupByVerb(
      ['play red-4', 'play squire-2', 'withdraw', 'siege fight-1 fight-4', 'siege fight-1'],
      'en',
    );
    expect(groups).toEqual([
      { label: 'play', moves: ['red-4', 'squire-2'] },
      { label: 'siege', moves: ['fight-1 fight-4', 'fight-1'] },
      { label: 'other', moves: ['withdraw'] },
    ]);
    const many = formatHintGroups(
      [
        {
          label: 'propose',
          moves: Array.from({ length: 24 }, (_, i) => `${i % 4} ${(i + 1) % 4} ${(i + 2) % 4} ${(i + 3) % 4}`),
        },
      ],
      80,
    );
    for (const l of many) expect(l).toMatch(/^( {2}propose: | {11})(\d \d \d \d)( · \d \d \d \d)*( ·)?$/);
  });
});

describe('wording of the screens', () => {
  it('English has no space before a colon; French keeps it', () => {
    const cases: [AnyGame, number][] = [
      [joust, 3],
      [tournament, 3],
      [shadows, 4],
    ];
    for (const [game, players] of cases) {
      const m = playUntil(game, players, (x) => x.ply >= 30);
      const adapter = adapters[game.id]!;
      const en = adapter.render(game.view(m.state, 0), options(0));
      expect(en, game.id).not.toMatch(/ [:;](\s|$)/m);
      expect(adapter.render(game.view(m.state, 0), options(0, 'fr')), game.id).toMatch(/\u00a0: /);
    }
  });

  it('Tournament: between rounds (godsends) there is no combat header; a lead Alchimie has "no suit"', () => {
    const m = playUntil(
      tournament,
      3,
      (x) => ((tournament as AnyGame).view(x.state, 0) as { phase: { kind: string } }).phase.kind === 'godsend',
    );
    const screen = adapters.tournament!.render((tournament as AnyGame).view(m.state, 0), options(0));
    expect(screen).toContain('Godsends:');
    expect(screen).not.toMatch(/^Combat \d+/m);
    expect(screen).not.toMatch(/took 1 cards|→ free/);
  });

  it('Camelot: the footer says the game is over instead of whose turn it was', () => {
    const view = (camelot as AnyGame).view((Match.create(camelot, {}) as { ok: true; value: Match }).value.state, 0);
    const over: Outcome = { winners: [0], draw: false, reason: 'castle' };
    expect(camelotAdapter.render(view, options(0))).toContain('White to move');
    const end = camelotAdapter.render(view, options(0, 'en', { outcome: over }));
    expect(end).toContain('Game over');
    expect(end).not.toContain('to move');
    expect(camelotAdapter.render(view, options(0, 'fr', { outcome: over }))).toContain('Partie terminée');
  });

  it('Lancelot: the legend promises "*" only on the screen that shows them (after "illegal")', () => {
    // A position where some empty square is illegal for the player to move.
    const illegal = (x: Match): string => {
      const seat = x.toMove()[0] as number;
      return (
        lancelotAdapter.command!('illegal', {
          view: (lancelot as AnyGame).view(x.state, seat),
          seat,
          legal: x.legalNotation(seat),
          options: options(seat),
        }) ?? ''
      );
    };
    const m = playUntil(lancelot, 2, (x) => !/\b0 squares are illegal/.test(illegal(x)));
    const seat = m.toMove()[0] as number;
    const plain = lancelotAdapter.render((lancelot as AnyGame).view(m.state, seat), options(seat));
    expect(plain).not.toContain('*');
    expect(plain).toContain('"illegal" marks the forbidden squares');
    expect(illegal(m)).toMatch(/\* illegal for the player to move[\s\S]*[1-9]\d* squares? (is|are) illegal/);
  });

  it('Joust: the hand is numbered on screen and "play 7" plays the seventh card; a number not in the hand is refused', () => {
    const m = playUntil(joust, 3, (x) => {
      const seat = x.toMove()[0] as number;
      return (
        ((joust as AnyGame).view(x.state, seat) as { phase: { kind: string } }).phase.kind === 'turn' &&
        x.legalNotation(seat).some((l) => l.startsWith('play '))
      );
    });
    const seat = m.toMove()[0] as number;
    const view = (joust as AnyGame).view(m.state, seat) as { me: { hand: string[] } };
    const context = { view, seat, legal: m.legalNotation(seat), options: options(seat) };
    const hand = view.me.hand;
    const playable = hand.findIndex((card) => context.legal.includes(`play ${card.replace(/\.\d+$/, '')}`));
    expect(playable).toBeGreaterThanOrEqual(0);
    const line = joustAdapter.translateMove!(`play ${playable + 1}`, context) as string;
    expect(line).toBe(`play ${hand[playable]!.replace(/\.\d+$/, '')}`);
    expect(joustAdapter.translateMove!(`jouer ${playable + 1}`, context)).toBe(line);
    expect(m.play(seat, line)).toMatchObject({ ok: true });
    expect(joustAdapter.command!(`play ${hand.length + 3}`, context)).toBe(
      `There is no card ${hand.length + 3} in your hand: it is numbered 1 to ${hand.length}.`,
    );
    expect(joustAdapter.translateMove!('play red-4', context)).toBeNull();
  });
});

describe('the end of a game', () => {
  it('a draw shared by some seats names them', () => {
    const o: Outcome = { winners: [1, 2], draw: true, reason: 'blocked' };
    expect(describeOutcome(lancelot, lancelotAdapter, o, 3, 'en')).toMatch(/^Shared win for Blue and Green: /);
    expect(describeOutcome(lancelot, lancelotAdapter, o, 3, 'fr')).toMatch(
      /^Victoire partagée entre Bleu et Vert\u00a0: /,
    );
  });

  it('Chevaliers: the end names the traitor — the loser of a loyal win, the winner of a loyal loss — or says there was none', () => {
    const m = playUntil(shadows, 4, () => false, 2);
    const outcome = m.outcome();
    expect(outcome).not.toBeNull();
    const final = (shadows as AnyGame).view(m.state, 'spectator');
    const note = shadowsAdapter.endNote!(outcome!, final, 'en') ?? '';
    const loyalWin = (final as { phase: { loyalWin?: boolean } }).phase.loyalWin === true;
    const names = ['King Arthur', 'Sir Galahad', 'Sir Gawain', 'Sir Kay'];
    const traitors = names.filter((_, seat) => loyalWin !== outcome!.winners.includes(seat));
    expect(note).toBe(
      traitors.length > 0 ? `The traitor was ${traitors.join(', ')}.` : 'There was no traitor at the table.',
    );
    const over = { ...(final as object), phase: { kind: 'over', loyalWin: true, reason: 'swords' } };
    expect(shadowsAdapter.endNote!({ winners: [0, 1, 3], draw: false, reason: 'swords' }, over, 'en')).toBe(
      'The traitor was Sir Gawain.',
    );
    expect(shadowsAdapter.endNote!({ winners: [0, 1, 2, 3], draw: false, reason: 'swords' }, over, 'fr')).toBe(
      'Il n’y avait pas de félon à la table.',
    );
  });
});
