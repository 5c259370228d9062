import { describe, expect, it } from 'vitest';
import { createRng, nextInt, type LogEntry, type Seat } from '@roundtable/core';
import { lancelot, type LancelotMove, type LancelotState } from '../src/index.ts';
import { YELLOW, place, scene, value } from './helpers.ts';

function tell(
  before: LancelotState,
  after: LancelotState,
  seat: Seat,
  move: LancelotMove,
  lang: 'en' | 'fr' = 'en',
): LogEntry[] {
  return lancelot.narrate!(lancelot.view(before, 'spectator'), lancelot.view(after, 'spectator'), {
    viewer: 'spectator',
    lang,
    players: before.players,
    name: (s: Seat) => lancelot.seatName(s, before.players, lang),
    move: { seat, notation: lancelot.formatMove(before, move) },
  });
}

describe('narration: what was captured', () => {
  it('seed example 2: Yellow on K4 takes three knights, named by colour and square', () => {
    const before = scene({
      players: 4,
      pieces: { K2: 'Y', K11: 'Y', K13: 'Y', K7: 'B', K9: 'R', B4: 'Y', M4: 'Y', I4: 'G' },
      toMove: 'Y',
    });
    const after = value(lancelot.play(before, YELLOW, place('K4')));
    const told = tell(before, after, YELLOW, place('K4'));
    expect(told.map((e) => e.text)).toEqual([
      'Yellow places a knight on K4.',
      'Yellow captures a knight of Red (K9), a knight of Blue (K7) and a knight of Green (I4): 3 of 9.',
    ]);
    expect(told[1]!.refs).toEqual(['K9', 'K7', 'I4']);
    expect(tell(before, after, YELLOW, place('K4'), 'fr').map((e) => e.text)).toEqual([
      'Jaune place un chevalier en K4.',
      'Jaune prend un chevalier de Rouge (K9), un chevalier de Bleu (K7) et un chevalier de Vert (I4)\u00a0: 3 prises sur 9.',
    ]);
  });

  it('a placement that takes the count past the target says the target is reached, never "3 of 2"', () => {
    const before = scene({
      players: 4,
      pieces: { K2: 'Y', K11: 'Y', K13: 'Y', K7: 'B', K9: 'R', B4: 'Y', M4: 'Y', I4: 'G' },
      toMove: 'Y',
      options: { target: 2 },
    });
    const after = value(lancelot.play(before, YELLOW, place('K4')));
    expect(tell(before, after, YELLOW, place('K4'))[1]!.text).toMatch(/: 3 captures, the target of 2 is reached\.$/);
    expect(tell(before, after, YELLOW, place('K4'), 'fr')[1]!.text).toMatch(
      /\u00a0: 3 prises, l’objectif de 2 est atteint\.$/,
    );
  });

  it('one capture reaching a target of 1 is told in the singular in both languages (French counts 0 and 1 alike)', () => {
    const before = scene({
      players: 4,
      pieces: { K2: 'Y', K11: 'Y', K9: 'R' },
      toMove: 'Y',
      options: { target: 1 },
    });
    const after = value(lancelot.play(before, YELLOW, place('K4')));
    expect(tell(before, after, YELLOW, place('K4'))[1]!.text).toMatch(/: 1 capture, the target of 1 is reached\.$/);
    expect(tell(before, after, YELLOW, place('K4'), 'fr')[1]!.text).toMatch(
      /\u00a0: 1 prise, l’objectif de 1 est atteint\.$/,
    );
  });
});

describe('narration: random games (property)', () => {
  it('every step is told in words, with no notation token; the end names the winner once; replay identical', () => {
    const rng = createRng('lancelot-narrate');
    for (const players of [2, 3, 5]) {
      const o = lancelot.parseOptions({ excalibur: players !== 3 }, players);
      if (!o.ok) throw new Error('options');
      const created = lancelot.setup({ players, options: o.value, seed: players });
      if (!created.ok) throw new Error('setup');
      let s = created.value;
      let outcomes = 0;
      const said: string[] = [];
      for (let ply = 0; ply < 400 && !lancelot.outcome(s); ply++) {
        const seat = lancelot.toMove(s)[0]!;
        const legal = lancelot.legalMoves(s, seat);
        const m = legal[nextInt(rng, legal.length)]!;
        const r = lancelot.play(s, seat, m);
        if (!r.ok) throw new Error('refused');
        const told = tell(s, r.value, seat, m);
        expect(told.length).toBeGreaterThan(0);
        expect(tell(s, r.value, seat, m)).toEqual(told);
        for (const e of told) expect(e.text).not.toMatch(/E:|→|\bplays\b|@\d| :/);
        outcomes += told.filter((e) => e.kind === 'outcome').length;
        said.push(...told.map((e) => e.text));
        s = r.value;
      }
      expect(outcomes).toBe(lancelot.outcome(s) ? 1 : 0);
      if (players !== 3)
        expect(said.some((t) => /^(Red|Blue|Green|Yellow|Purple) lays Excalibur on [A-N]\d+\.$/.test(t))).toBe(true);
      expect(said.some((t) => /^(Red|Blue|Green|Yellow|Purple) places a knight on [A-N]\d+\.$/.test(t))).toBe(true);
    }
  });
});
