import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createRng, describeError, pluralFor, type Seat } from '@roundtable/core';
import { LAYOUTS, type CamelotView } from '@roundtable/camelot';
import { colon, text } from '../../i18n.ts';
import type { TableProps } from '../../table-api.ts';
import { notationOf, pathOf, readBoard } from './position.ts';
import { useGrid } from '../../reader/grid.ts';
import { squareWords } from '../../reader/names.ts';
import { rw } from '../../reader/words.ts';

const S = 40;

/**
 * The Camelot board as SVG. A move is built square by square: click (or drag) a piece, then each square of its
 * path; the squares that continue some legal move are highlighted. The move is played as soon as the path is
 * a legal move that cannot go on; a move that could go on but may stop is played with the button, Enter or a
 * double click on its last square. From the keyboard: Tab reaches the squares that can take part in a move now
 * (the pieces that may move, then the squares that continue the path), Enter or Space picks one, Enter on the
 * board plays a move that may stop there, Escape cancels.
 */
/** How long the shell shows each move (its `--pace`, from the chosen speed); 0 with reduced motion. */
function paceMs(el: Element | null): number {
  if (!el || matchMedia('(prefers-reduced-motion: reduce)').matches) return 0;
  const v = getComputedStyle(el).getPropertyValue('--pace').trim();
  const n = parseFloat(v);
  return Number.isFinite(n) ? n : 0;
}

export function CamelotTable(props: TableProps) {
  const { game, lang, active, legal, play, refuse, lastMove } = props;
  const view = props.view as CamelotView;
  const layout = LAYOUTS[view.variant] ?? LAYOUTS.camelot!;
  const board = useMemo(() => readBoard(layout, view.position), [layout, view.position]);
  const [flipped, setFlipped] = useState(props.viewer === 1);
  const [path, setPath] = useState<string[]>([]);
  const down = useRef<{ square: string; selected: boolean } | null>(null);

  useEffect(() => setPath([]), [view.position, active]);

  // The last move, shown as it happened: the piece slides and jumps along its path, captured pieces fade out.
  const svg = useRef<SVGSVGElement>(null);
  const previous = useRef<{ position: string; pieces: ReadonlyMap<string, string> } | null>(null);
  const [ghosts, setGhosts] = useState<{ key: string; square: string; piece: string }[]>([]);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { position: view.position, pieces: board.pieces };
    if (!before || before.position === view.position || !lastMove) return;
    const { squares } = pathOf(lastMove.move);
    const from = squares[0];
    const to = squares[squares.length - 1];
    // Only when this position follows the one shown by exactly this move.
    if (!from || !to || !before.pieces.has(from) || board.pieces.get(to) !== before.pieces.get(from)) return;
    const pace = paceMs(svg.current);
    if (pace === 0) return;
    const gone = [...before.pieces.entries()]
      .filter(([sq, p]) => sq !== from && board.pieces.get(sq) !== p)
      .map(([sq, p]) => ({ key: `${view.position}-${sq}`, square: sq, piece: p }));
    setGhosts(gone);
    const el = svg.current?.querySelector<SVGGElement>(`g.piece[data-square="${to}"]`);
    const points = squares.map((sq) => centre(sq)).filter((c): c is { x: number; y: number } => c !== null);
    if (el && points.length > 1 && typeof el.animate === 'function') {
      el.animate(
        points.map((c) => ({ transform: `translate(${c.x}px, ${c.y}px)` })),
        { duration: Math.min(pace * 0.8, 220 * (points.length - 1)), easing: 'ease-in-out' },
      );
    }
    const timer = setTimeout(() => setGhosts([]), pace);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ghosts animate once per new position, not when pace or the points change
  }, [view.position]);

  const moves = useMemo(() => legal.map((m) => ({ text: m, ...pathOf(m) })), [legal]);
  const starts = useMemo(() => new Set(moves.map((m) => m.squares[0])), [moves]);
  const mustCapture = moves.length > 0 && moves.every((m) => m.jumps.some(Boolean));
  const candidates = moves.filter((m) => path.length > 0 && path.every((s, i) => m.squares[i] === s));
  const next = new Set(
    candidates.filter((m) => m.squares.length > path.length).map((m) => m.squares[path.length] as string),
  );
  const exact = candidates.filter((m) => m.squares.length === path.length);
  const lastSquares = new Set(lastMove ? pathOf(lastMove.move).squares : []);
  const lastPath = lastMove ? pathOf(lastMove.move).squares : [];
  const hintPath = props.hint ? pathOf(props.hint).squares : [];

  const stateForReasons = () => game.determinize(view, (active ?? board.side) as Seat, createRng(1));

  const explain = (attempt: string): void => {
    if (active === null) {
      refuse(text(lang, 'notYourTurnHere'));
      return;
    }
    const parsed = game.parseMove(stateForReasons(), active, attempt);
    if (!parsed.ok) refuse(describeError(parsed.error, lang, game.messages));
    else {
      // A legal move written along another path (or abbreviated): play the engine's own notation of it.
      const state = stateForReasons();
      play(game.formatMove(state, parsed.value));
    }
  };

  const extend = (square: string): void => {
    const p = [...path, square];
    const still = moves.filter((m) => p.every((s, i) => m.squares[i] === s));
    const done = still.filter((m) => m.squares.length === p.length);
    const longer = still.filter((m) => m.squares.length > p.length);
    if (done.length === 1 && longer.length === 0) {
      setPath([]);
      play((done[0] as { text: string }).text);
    } else setPath(p);
  };

  const click = (square: string): void => {
    if (active === null) {
      if (board.pieces.has(square)) refuse(text(lang, 'notYourTurnHere'));
      return;
    }
    if (path.length > 0 && next.has(square)) return extend(square);
    if (starts.has(square)) {
      setPath(path[0] === square && path.length === 1 ? [] : [square]);
      return;
    }
    if (path.length === 0) {
      const piece = board.pieces.get(square);
      const mine = piece !== undefined && (piece === piece.toUpperCase()) === (active === 0);
      if (mine) refuse(mustCapture ? text(lang, 'compulsory') : text(lang, 'noMoveFromHere'));
      else explain(`${square}-${square}`);
      return;
    }
    if (square === path[path.length - 1]) return;
    explain(notationOf([...path, square], board.pieces, active as 0 | 1));
    setPath([]);
  };

  const playExact = (): void => {
    if (exact.length === 1) {
      setPath([]);
      play((exact[0] as { text: string }).text);
    }
  };

  const squareAt = (x: number, y: number): string | null => {
    const el = document.elementFromPoint(x, y)?.closest('[data-square]');
    return el?.getAttribute('data-square') ?? null;
  };

  const pos = (file: number, rank: number): { x: number; y: number } =>
    flipped ? { x: (layout.files - 1 - file) * S, y: (rank - 1) * S } : { x: file * S, y: (layout.ranks - rank) * S };
  const castles = new Set([...layout.castles[0], ...layout.castles[1]]);
  const counts = (side: 0 | 1): number =>
    [...board.pieces.values()].filter((p) => (p === p.toUpperCase()) === (side === 0)).length;
  const startCount = (side: 0 | 1): number => layout.start.knights[side].length + layout.start.men[side].length;
  const width = layout.files * S;
  const height = layout.ranks * S;
  const byName = new Map(board.squares.map((s) => [s.name, s]));
  const centre = (name: string): { x: number; y: number } | null => {
    const sq = byName.get(name);
    if (!sq) return null;
    const p = pos(sq.file, sq.rank);
    return { x: p.x + S / 2, y: p.y + S / 2 };
  };

  // The board as a grid for the keyboard and screen readers: every square named, the arrows walk it.
  const cells = board.squares.map((sq) => {
    const p = pos(sq.file, sq.rank);
    return { name: sq.name, row: p.y / S, col: p.x / S };
  });
  const acting = active === null ? [] : path.length === 0 ? [...starts] : [...next];
  const grid = useGrid(cells, acting as string[], (sq) => {
    if (path.length > 0 && sq === path[path.length - 1] && exact.length === 1) playExact();
    else click(sq);
  });
  const nameOf = (sq: string): string => {
    const piece = board.pieces.get(sq);
    const said =
      squareWords(game, view, sq, lang) ??
      `${sq}, ${piece ? `${text(lang, piece === piece.toUpperCase() ? 'whitePiece' : 'blackPiece')} ${text(lang, piece.toLowerCase() === 'k' ? 'knight' : 'man')}` : rw(lang, 'empty')}`;
    const state =
      active === null
        ? ''
        : path.includes(sq)
          ? rw(lang, 'selected')
          : next.has(sq)
            ? rw(lang, 'goesHere')
            : path.length === 0 && starts.has(sq)
              ? rw(lang, 'canMove')
              : '';
    return state ? `${said}, ${state}` : said;
  };

  return (
    <div
      class="camelot"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setPath([]);
        if (e.key === 'Enter') playExact();
      }}
    >
      <div class="board-tools">
        <button type="button" onClick={() => setFlipped(!flipped)} data-testid="flip">
          ⇅ {text(lang, 'flip')}
        </button>
        {exact.length === 1 && next.size > 0 && (
          <button type="button" class="primary" onClick={playExact} data-testid="play-path">
            {text(lang, 'playPath')} {exact[0]?.text}
          </button>
        )}
        {path.length > 0 && (
          <button type="button" onClick={() => setPath([])}>
            {text(lang, 'cancel')}
          </button>
        )}
        {active !== null && !mustCapture && path.length === 0 && (
          <span class="hint-muted" data-testid="movable-hint">
            {text(lang, 'movable')}
          </span>
        )}
      </div>
      {mustCapture && active !== null && (
        <p class="notice" data-testid="compulsory">
          {text(lang, 'compulsory')}
        </p>
      )}
      <svg
        ref={svg}
        class="board"
        viewBox={`-22 -4 ${width + 26} ${height + 26}`}
        role="grid"
        aria-label="Camelot"
        aria-describedby="camelot-keys"
        data-testid="board"
        onKeyDown={grid.onKeyDown}
        onPointerDown={(e) => {
          const sq = (e.target as Element).closest('[data-square]')?.getAttribute('data-square');
          if (!sq) return;
          const fresh = active !== null && starts.has(sq) && path[0] !== sq;
          if (fresh) setPath([sq]);
          down.current = { square: sq, selected: fresh };
        }}
        onPointerUp={(e) => {
          const d = down.current;
          down.current = null;
          if (!d) return;
          const sq = squareAt(e.clientX, e.clientY);
          if (!sq) return;
          if (sq !== d.square) click(sq);
          else if (!d.selected) click(sq);
        }}
        onDblClick={playExact}
      >
        {grid.rows.map((row) => (
          <g key={`row${row[0]?.row}`} role="row">
            {row.map(({ name }) => {
              const sq = byName.get(name)!;
              const { x, y } = pos(sq.file, sq.rank);
              const dark = (sq.file + sq.rank) % 2 === 0;
              const cls = [
                'sq',
                dark ? 'dark' : 'light',
                castles.has(sq.name) ? 'castle' : '',
                lastSquares.has(sq.name) ? 'last' : '',
                path.includes(sq.name) ? 'path' : '',
                next.has(sq.name) ? 'next' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <rect
                  key={sq.name}
                  x={x}
                  y={y}
                  width={S}
                  height={S}
                  class={cls}
                  data-square={sq.name}
                  aria-label={nameOf(sq.name)}
                  aria-selected={path.includes(sq.name)}
                  {...grid.cellProps(sq.name)}
                />
              );
            })}
          </g>
        ))}
        {lastPath.length > 1 && (
          <polyline
            class="last-path"
            points={lastPath
              .map((n) => centre(n))
              .filter(Boolean)
              .map((p) => `${p!.x},${p!.y}`)
              .join(' ')}
          />
        )}
        {/* Advice (the analysis board's best move, a review's better move): its path as an arrow. */}
        {hintPath.length > 0 && (
          <g class="hint-path" pointer-events="none" data-testid="hint" data-move={props.hint}>
            {hintPath.length > 1 && (
              <polyline
                points={hintPath
                  .map((n) => centre(n))
                  .filter(Boolean)
                  .map((p) => `${p!.x},${p!.y}`)
                  .join(' ')}
              />
            )}
            {(() => {
              const end = centre(hintPath[hintPath.length - 1] as string);
              return end && <circle cx={end.x} cy={end.y} r={hintPath.length > 1 ? 9 : 19} />;
            })()}
          </g>
        )}
        {path.length > 1 && (
          <polyline
            class="cur-path"
            points={path
              .map((n) => centre(n))
              .filter(Boolean)
              .map((p) => `${p!.x},${p!.y}`)
              .join(' ')}
          />
        )}
        {[...next].map((n) => {
          const c = centre(n);
          return c && <circle key={`n${n}`} class="next-dot" cx={c.x} cy={c.y} r={7} pointer-events="none" />;
        })}
        {[...board.pieces.entries()].map(([name, p]) => {
          const c = centre(name);
          if (!c) return null;
          const white = p === p.toUpperCase();
          const knight = p.toLowerCase() === 'k';
          const capturer = mustCapture && active !== null && starts.has(name);
          const movable = !mustCapture && active !== null && path.length === 0 && starts.has(name);
          return (
            <g
              key={`p${name}`}
              class={`piece ${white ? 'white' : 'black'}${path[0] === name ? ' selected' : ''}${capturer ? ' capturer' : ''}${movable ? ' movable' : ''}`}
              data-square={name}
              data-piece={p}
              aria-hidden="true"
              transform={`translate(${c.x} ${c.y})`}
            >
              <circle r={15} />
              {knight && <path d="M0 -9 L9 0 L0 9 L-9 0 Z" class="knight-mark" />}
            </g>
          );
        })}
        {ghosts.map((g) => {
          const c = centre(g.square);
          return (
            c && (
              <g
                key={g.key}
                class={`piece ghost ${g.piece === g.piece.toUpperCase() ? 'white' : 'black'}`}
                transform={`translate(${c.x} ${c.y})`}
                aria-hidden="true"
              >
                <circle r={15} />
              </g>
            )
          );
        })}
        {Array.from({ length: layout.files }, (_, f) => (
          <text
            key={`f${f}`}
            aria-hidden="true"
            class="coord"
            x={pos(f, 1).x + S / 2}
            y={height + 16}
            text-anchor="middle"
          >
            {String.fromCharCode(65 + f)}
          </text>
        ))}
        {Array.from({ length: layout.ranks }, (_, r) => (
          <text
            key={`r${r}`}
            aria-hidden="true"
            class="coord"
            x={-11}
            y={pos(0, r + 1).y + S / 2 + 4}
            text-anchor="middle"
          >
            {r + 1}
          </text>
        ))}
      </svg>
      <p id="camelot-keys" class="sr-only">
        {rw(lang, 'gridKeys')}
      </p>
      <dl class="facts">
        {([0, 1] as const).map((side) => (
          <div key={side}>
            <dt>
              <span class={`chip ${side === 0 ? 'white' : 'black'}`} aria-hidden="true" /> {props.seatLabel(side)}
            </dt>
            <dd data-testid={`captured-${side}`}>
              {text(lang, 'captured')}
              {colon(lang)} {startCount((1 - side) as 0 | 1) - counts((1 - side) as 0 | 1)}
            </dd>
            {layout.castleMoveLimit > 0 && (
              <dd>
                {text(lang, 'castleMovesLeft')}
                {colon(lang)} {layout.castleMoveLimit - (board.castleMovesUsed[side] ?? 0)}
              </dd>
            )}
          </div>
        ))}
        {lastMove && (
          <div>
            <dt>{text(lang, 'lastMove')}</dt>
            <dd title={lastMove.move} data-testid="last-move">
              {lastMoveWords(lastMove.move, props.seatLabel(lastMove.seat), lang)}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** The last move for a newcomer: who, the squares in order, the captures counted ("Player 2: D13 → F15, 1 capture"). */
function lastMoveWords(move: string, who: string, lang: 'en' | 'fr'): string {
  const { squares, jumps } = pathOf(move);
  const captures = jumps.filter(Boolean).length;
  const taken =
    captures === 0
      ? ''
      : lang === 'fr'
        ? `, ${captures} prise${pluralFor(captures, 'fr') ? 's' : ''}`
        : `, ${captures} capture${captures > 1 ? 's' : ''}`;
  return `${who} : ${squares.join(' → ')}${taken}`.replace(' :', lang === 'fr' ? '\u00a0:' : ':');
}
