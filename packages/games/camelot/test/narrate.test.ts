import { describe, expect, it } from 'vitest';
import { createRng, nextInt, type LogEntry, type Seat } from '@roundtable/core';
import { camelot, type CamelotState } from '../src/index.ts';

function fromPosition(text: string, variant: 'camelot' | 'cam' = 'camelot'): CamelotState {
  const r = camelot.position!.read(text, { players: 2, options: { variant } });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}
function start(): CamelotState {
  const r = camelot.setup({ players: 2, options: { variant: 'camelot' }, seed: 1 });
  if (!r.ok) throw new Error('setup');
  return r.value;
}
function step(s: CamelotState, notation: string): { next: CamelotState; told: LogEntry[]; fr: LogEntry[] } {
  const seat = camelot.toMove(s)[0]!;
  const m = camelot.parseMove(s, seat, notation);
  if (!m.ok) throw new Error(`${notation}: ${m.error.code}`);
  const written = camelot.formatMove(s, m.value);
  const r = camelot.play(s, seat, m.value);
  if (!r.ok) throw new Error(notation);
  const tell = (lang: 'en' | 'fr') =>
    camelot.narrate!(camelot.view(s, 'spectator'), camelot.view(r.value, 'spectator'), {
      viewer: 'spectator',
      lang,
      players: 2,
      name: (x: Seat) => camelot.seatName(x, 2, lang),
      move: { seat, notation: written },
    });
  return { next: r.value, told: tell('en'), fr: tell('fr') };
}

describe('narration: moves in words', () => {
  it("a plain move and a canter over the mover's own pieces", () => {
    const s = start();
    const a = step(s, 'F6-F5');
    expect(a.told.map((e) => e.text)).toEqual(["White's man moves from F6 to F5."]);
    expect(a.fr.map((e) => e.text)).toEqual(['Le pion de Blanc va de F6 à F5.']);
    expect(a.told[0]!.refs).toEqual(['F6', 'F5']);
    expect(a.told[0]!.group).toBe('Move 1');
    const b = step(s, 'F7-H5-J7');
    expect(b.told.map((e) => e.text)).toEqual([
      "White's man canters from F7 over G6 to H5, then canters over I6 to J7.",
    ]);
  });

  it('names the captured piece and its side', () => {
    // White man on F6, Black man on E7: White jumps F6 over E7 to D8.
    const pos = fromPosition('2/8/10/12/12/12/12/12/12/4m2k4/5M5M/12/12/10/8/2 w 0,0 0 1');
    const { told, fr } = step(pos, 'F6xD8');
    expect(told.map((e) => e.text)).toEqual(["White's man jumps from F6 over E7 to D8, capturing a Black man."]);
    expect(fr[0]!.text).toBe('Le pion de Blanc saute de F6 par-dessus E7 en D8 et prend un pion de Noir.');
  });

  it('says who won and why at the end', () => {
    const rng = createRng('camelot-end');
    let s = start();
    let last: LogEntry[] = [];
    for (let ply = 0; ply < 2000 && !camelot.outcome(s); ply++) {
      const legal = camelot.legalMoves(s, camelot.toMove(s)[0]!);
      const captures = legal.filter((m) => m.captures.length > 0);
      const pool = captures.length > 0 ? captures : legal;
      const r = step(s, camelot.formatMove(s, pool[nextInt(rng, pool.length)]!));
      s = r.next;
      last = r.told;
    }
    const o = camelot.outcome(s)!;
    const end = last.filter((e) => e.kind === 'outcome');
    expect(end).toHaveLength(1);
    expect(end[0]!.text).toMatch(o.draw ? /^Draw: / : new RegExp(`^${o.winners[0] === 0 ? 'White' : 'Black'} wins: `));
  });
});

describe('narration: random games (property)', () => {
  it('every move is one sentence with no notation token, the game end is told once, replay identical', () => {
    const rng = createRng('camelot-narrate');
    for (let g = 0; g < 3; g++) {
      let s = start();
      let outcomes = 0;
      for (let ply = 0; ply < 300 && !camelot.outcome(s); ply++) {
        const legal = camelot.legalMoves(s, camelot.toMove(s)[0]!);
        const m = legal[nextInt(rng, legal.length)]!;
        const { next, told } = step(s, camelot.formatMove(s, m));
        expect(told.filter((e) => e.kind === 'move')).toHaveLength(1);
        for (const e of told) {
          expect(e.text).not.toMatch(/[A-L]\d+[-x][A-L]\d+|→|\bplays\b/);
          expect(e.text).toMatch(/^(White|Black)('s (man|knight)| wins| )|^Draw: /);
        }
        outcomes += told.filter((e) => e.kind === 'outcome').length;
        expect(step(s, camelot.formatMove(s, m)).told).toEqual(told);
        s = next;
      }
      expect(outcomes).toBe(camelot.outcome(s) ? 1 : 0);
    }
  });
});
