import { useState } from 'preact/hooks';
import { LAYOUTS } from '@roundtable/camelot';
import type { EditorProps } from '../../table-api.ts';
import { readBoard, squareName } from './position.ts';
import './editor.css';

const S = 32;

const PIECES = [
  { letter: '', en: 'Empty square', fr: 'Case vide' },
  { letter: 'M', en: 'White man', fr: 'Pion blanc' },
  { letter: 'K', en: 'White knight', fr: 'Chevalier blanc' },
  { letter: 'm', en: 'Black man', fr: 'Pion noir' },
  { letter: 'k', en: 'Black knight', fr: 'Chevalier noir' },
] as const;

const W = {
  piece: { en: 'Put on a square', fr: 'Poser sur une case' },
  side: { en: 'To move', fr: 'Au trait' },
  white: { en: 'White', fr: 'Blanc' },
  black: { en: 'Black', fr: 'Noir' },
  clear: { en: 'Empty the board', fr: 'Vider le plateau' },
} as const;

/** The position string of a board (NOTATION.md): ranks from the top, each from its leftmost square, runs as numbers. */
export function writeBoard(
  variant: string,
  pieces: ReadonlyMap<string, string>,
  side: 'w' | 'b',
  castles: string,
): string {
  const layout = LAYOUTS[variant] ?? LAYOUTS.camelot!;
  const rows: string[] = [];
  for (let rank = layout.ranks; rank >= 1; rank--) {
    const [first, last] = layout.rows[rank - 1] ?? [0, -1];
    let row = '';
    let run = 0;
    for (let f = first; f <= last; f++) {
      const p = pieces.get(squareName(f, rank));
      if (p) {
        if (run > 0) row += String(run);
        run = 0;
        row += p;
      } else run++;
    }
    if (run > 0) row += String(run);
    rows.push(row);
  }
  return `${rows.join('/')} ${side} ${castles} 0 1`;
}

/**
 * A Camelot position set up by hand: pick what to put (a piece of either side, or nothing), click the squares
 * (or Tab to them and press Enter), choose who moves, and hand the position string over. The engine checks it.
 */
export function CamelotEditor({ position, options, lang, onChange }: EditorProps) {
  const variant = typeof options.variant === 'string' ? options.variant : 'camelot';
  const layout = LAYOUTS[variant] ?? LAYOUTS.camelot!;
  const start = readBoard(layout, position);
  const [pieces, setPieces] = useState<Map<string, string>>(() => new Map(start.pieces));
  const [side, setSide] = useState<'w' | 'b'>(start.side === 1 ? 'b' : 'w');
  const [put, setPut] = useState<string>('M');
  const castles = position.split(' ')[2] ?? '0,0';
  const update = (next: Map<string, string>, nextSide: 'w' | 'b'): void => {
    setPieces(next);
    setSide(nextSide);
    onChange(writeBoard(variant, next, nextSide, castles));
  };
  const place = (square: string): void => {
    const next = new Map(pieces);
    if (put === '' || next.get(square) === put) next.delete(square);
    else next.set(square, put);
    update(next, side);
  };
  const width = layout.files * S;
  const height = layout.ranks * S;
  const castleSquares = new Set([...layout.castles[0], ...layout.castles[1]]);
  return (
    <div class="position-editor" data-testid="editor">
      <fieldset>
        <legend>{W.piece[lang]}</legend>
        {PIECES.map((p) => (
          <label key={p.letter || 'empty'} class="check">
            <input type="radio" name="editor-piece" checked={put === p.letter} onChange={() => setPut(p.letter)} />
            {p[lang]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{W.side[lang]}</legend>
        {(['w', 'b'] as const).map((s) => (
          <label key={s} class="check">
            <input type="radio" name="editor-side" checked={side === s} onChange={() => update(pieces, s)} />
            {s === 'w' ? W.white[lang] : W.black[lang]}
          </label>
        ))}
        <button type="button" onClick={() => update(new Map(), side)}>
          {W.clear[lang]}
        </button>
      </fieldset>
      <svg class="board editor-board" viewBox={`0 0 ${width} ${height}`} role="group" aria-label="Camelot">
        {start.squares.map((sq) => {
          const x = sq.file * S;
          const y = (layout.ranks - sq.rank) * S;
          const p = pieces.get(sq.name);
          const name = PIECES.find((q) => q.letter === p)?.[lang] ?? PIECES[0][lang];
          return (
            <g
              key={sq.name}
              data-square={sq.name}
              tabIndex={0}
              role="button"
              aria-label={`${sq.name}: ${name}`}
              onClick={() => place(sq.name)}
              onKeyDown={(e: KeyboardEvent) => {
                if (e.key !== 'Enter' && e.key !== ' ') return;
                e.preventDefault();
                place(sq.name);
              }}
            >
              <rect
                x={x}
                y={y}
                width={S}
                height={S}
                class={`sq ${(sq.file + sq.rank) % 2 === 0 ? 'dark' : 'light'}${castleSquares.has(sq.name) ? ' castle' : ''}`}
              />
              {p && (
                <g
                  class={`piece ${p === p.toUpperCase() ? 'white' : 'black'}`}
                  transform={`translate(${x + S / 2} ${y + S / 2})`}
                >
                  <circle r={12} />
                  {p.toLowerCase() === 'k' && <path d="M0 -7 L7 0 L0 7 L-7 0 Z" class="knight-mark" />}
                </g>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
