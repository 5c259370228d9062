import { useMemo, useRef, useState } from 'preact/hooks';
import { describeError, type Seat } from '@roundtable/core';
import { describeExplanation, explainSquare, fieldFor, seatLetter, type LancelotState } from '@roundtable/lancelot';
import { colon, text } from '../../i18n.ts';
import type { TableProps } from '../../table-api.ts';
import { LANCELOT_COLOURS } from './colours.ts';
import { paceOf } from '../../cards/motion.ts';
import './lancelot.css';
import { useGrid } from '../../reader/grid.ts';
import { squareWords } from '../../reader/names.ts';
import { rw } from '../../reader/words.ts';

const S = 40;
type Mode = 'knight' | 'announce' | 'swordFirst';

/**
 * The tournament field for 2 to 5 players. Click a square to place a knight; the squares chivalry forbids can
 * be shaded, each with its reason (explainSquare). Captured knights fade out where they stood.
 */
export function LancelotTable(props: TableProps) {
  const { game, lang, active, legal, play, refuse, lastMove } = props;
  const state = props.view as LancelotState;
  const field = fieldFor(state.players, state.options.diagonals);
  const n = field.size;
  const [showForbidden, setShowForbidden] = useState(false);
  const [showThreats, setShowThreats] = useState(false);
  const [mode, setMode] = useState<Mode>('knight');
  const legalSet = useMemo(() => new Set(legal), [legal]);
  const canAnnounce = legal.some((m) => m.endsWith(' E:?'));
  const canSwordFirst = state.phase === 'turn' && legal.some((m) => m.startsWith('E:'));
  const swordPhase = state.phase === 'sword' || state.phase === 'swordAfter';
  const effective: Mode = swordPhase
    ? 'swordFirst'
    : mode === 'announce' && !canAnnounce
      ? 'knight'
      : mode === 'swordFirst' && !canSwordFirst
        ? 'knight'
        : mode;
  const seat = (active ?? state.seat) as Seat;

  // Knights that vanished since the last position: drawn once more, fading (the capture animation).
  const previous = useRef<LancelotState | null>(null);
  // The knight just placed comes down onto its square, when the shell shows moves at a pace (not "instant").
  const board = useRef<SVGSVGElement>(null);
  const arrives = paceOf(board.current) > 0;
  const ghosts = useMemo(() => {
    const before = previous.current;
    previous.current = state;
    if (!before || before.board.length !== state.board.length) return [];
    const out: { cell: number; seat: Seat }[] = [];
    state.board.forEach((v, i) => {
      const b = before.board[i];
      if (v === null && b !== null && b !== undefined) out.push({ cell: i, seat: b });
    });
    return out;
  }, [state]);

  const explanations = useMemo(() => {
    if (!showForbidden || state.phase === 'over') return new Map<string, string>();
    const out = new Map<string, string>();
    field.names.forEach((name, i) => {
      if (state.board[i] !== null || state.excalibur === name) return;
      const e = explainSquare(state, seat, name);
      if (!e.legal) out.set(name, describeExplanation(e, seat, lang));
    });
    return out;
  }, [showForbidden, state, seat, lang, field]);

  // Threats: the empty squares where an opponent's next knight would capture one of mine (each opponent asked
  // as if it were to move now, through the engine's own rules).
  const me = (typeof props.viewer === 'number' ? props.viewer : seat) as Seat;
  const threats = useMemo(() => {
    const out = new Map<string, Seat[]>();
    if (!showThreats || state.phase === 'over') return out;
    const mine = (b: readonly (Seat | null)[]): number => b.filter((v) => v === me).length;
    const now = mine(state.board);
    for (let o = 0; o < state.players; o++) {
      if (o === me || (state.hand[o] ?? 0) === 0) continue;
      const as = { ...state, seat: o, phase: 'turn', passes: 0 } as LancelotState;
      for (const m of game.legalMoves(as, o)) {
        const notation = game.formatMove(as, m);
        if (!/^[A-N]\d+$/.test(notation)) continue;
        const next = game.play(as, o, m);
        if (next.ok && mine((next.value as LancelotState).board) < now)
          out.set(notation, [...(out.get(notation) ?? []), o]);
      }
    }
    return out;
  }, [showThreats, state, me, game]);

  const notationFor = (square: string): string =>
    effective === 'swordFirst' ? `E:${square}` : effective === 'announce' ? `${square} E:?` : square;

  const click = (square: string, cell: number): void => {
    if (active === null) {
      refuse(text(lang, 'notYourTurnHere'));
      return;
    }
    const move = notationFor(square);
    if (legalSet.has(move)) {
      play(move);
      return;
    }
    if (effective !== 'swordFirst' && state.board[cell] === null && state.excalibur !== square) {
      const e = explainSquare(state, active, square);
      if (!e.legal) {
        refuse(describeExplanation(e, active, lang));
        return;
      }
    }
    const parsed = game.parseMove(state, active, move);
    if (!parsed.ok) return refuse(describeError(parsed.error, lang, game.messages));
    const played = game.play(state, active, parsed.value);
    if (!played.ok) refuse(describeError(played.error, lang, game.messages));
    else play(move);
  };

  const xy = (cell: number): { x: number; y: number } => ({ x: (cell % n) * S, y: (n - 1 - Math.floor(cell / n)) * S });
  const last: readonly string[] = lastMove?.move.match(/[A-N]\d+/g) ?? [];
  const excaliburCell = state.excalibur ? field.names.indexOf(state.excalibur) : -1;

  // The field as a grid for the keyboard and screen readers: every square named, the arrows walk it.
  const cells = field.names.map((name, cell) => ({ name, row: n - 1 - Math.floor(cell / n), col: cell % n }));
  const grid = useGrid(
    cells,
    active === null ? [] : field.names.filter((name) => legalSet.has(notationFor(name))),
    (name) => click(name, field.names.indexOf(name)),
  );
  const nameOf = (name: string, cell: number): string => {
    const v = state.board[cell];
    const said =
      squareWords(game, state, name, lang) ??
      `${name}, ${v !== null && v !== undefined ? props.seatLabel(v) : state.excalibur === name ? 'Excalibur' : rw(lang, 'empty')}`;
    const reason = explanations.get(name);
    const can = active !== null && legalSet.has(notationFor(name));
    const threat = threats.get(name);
    return `${said}${can ? `, ${rw(lang, 'canPlace')}` : ''}${reason ? `. ${reason}` : ''}${threat ? `. ${text(lang, 'threatBy')} ${threat.map(props.seatLabel).join(', ')}` : ''}`;
  };

  return (
    <div class="lancelot">
      <div class="board-tools">
        <label class="check">
          <input
            type="checkbox"
            checked={showForbidden}
            onChange={(e) => setShowForbidden((e.target as HTMLInputElement).checked)}
            data-testid="show-forbidden"
          />
          {text(lang, 'showForbidden')}
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={showThreats}
            onChange={(e) => setShowThreats((e.target as HTMLInputElement).checked)}
            data-testid="show-threats"
          />
          {text(lang, 'showThreats')}
        </label>
        {active !== null && !swordPhase && (canAnnounce || canSwordFirst) && (
          <span class="modes" role="radiogroup">
            <label>
              <input type="radio" name="mode" checked={effective === 'knight'} onChange={() => setMode('knight')} />{' '}
              {text(lang, 'placeKnight')}
            </label>
            {canAnnounce && (
              <label>
                <input
                  type="radio"
                  name="mode"
                  checked={effective === 'announce'}
                  onChange={() => setMode('announce')}
                  data-testid="mode-announce"
                />{' '}
                {text(lang, 'invoke')}
              </label>
            )}
            {canSwordFirst && (
              <label>
                <input
                  type="radio"
                  name="mode"
                  checked={effective === 'swordFirst'}
                  onChange={() => setMode('swordFirst')}
                  data-testid="mode-sword"
                />{' '}
                {text(lang, 'swordFirst')}
              </label>
            )}
          </span>
        )}
        {legalSet.has('pass') && (
          <button type="button" onClick={() => play('pass')} data-testid="pass">
            {text(lang, 'pass')}
          </button>
        )}
      </div>
      {active !== null && <p class="notice">{swordPhase ? text(lang, 'placeSword') : text(lang, 'placeKnight')}</p>}
      <svg
        ref={board}
        class="board"
        viewBox={`-22 -4 ${n * S + 26} ${n * S + 26}`}
        data-testid="board"
        role="grid"
        aria-label="Lancelot"
        aria-describedby="lancelot-keys"
        onKeyDown={grid.onKeyDown}
      >
        <defs>
          <pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="8" height="8" fill="#8a8a8a" opacity="0.35" />
            <line x1="0" y1="0" x2="0" y2="8" stroke="#333" stroke-width="3" opacity="0.5" />
          </pattern>
        </defs>
        {grid.rows.map((row) => (
          <g key={`row${row[0]?.row}`} role="row">
            {row.map(({ name }) => {
              const cell = field.names.indexOf(name);
              const { x, y } = xy(cell);
              const reason = explanations.get(name);
              const playable = active !== null && legalSet.has(notationFor(name));
              return (
                <g
                  key={name}
                  data-square={name}
                  onClick={() => click(name, cell)}
                  class={`sq${playable ? ' playable' : ''}${last.includes(name) ? ' last' : ''}`}
                  aria-label={nameOf(name, cell)}
                  {...grid.cellProps(name)}
                >
                  <rect x={x} y={y} width={S} height={S} class="cell" />
                  {threats.has(name) && (
                    <g class="threat" data-threat={name} aria-hidden="true">
                      <rect x={x + 3} y={y + 3} width={S - 6} height={S - 6} />
                      <text x={x + S / 2} y={y + S / 2 + 6} text-anchor="middle">
                        !
                      </text>
                      <title>{`${text(lang, 'threatBy')} ${(threats.get(name) ?? []).map(props.seatLabel).join(', ')}`}</title>
                    </g>
                  )}
                  {reason && (
                    <rect x={x} y={y} width={S} height={S} fill="url(#hatch)" class="forbidden" data-forbidden={name}>
                      <title>{reason}</title>
                    </rect>
                  )}
                </g>
              );
            })}
          </g>
        ))}
        {state.board.map((v, cell) => {
          if (v === null) return null;
          const { x, y } = xy(cell);
          return (
            <g
              key={`k${cell}`}
              class={`knight${arrives && last.includes(field.names[cell] as string) ? ' arrived' : ''}`}
              pointer-events="none"
              aria-hidden="true"
              data-knight={field.names[cell]}
            >
              <circle cx={x + S / 2} cy={y + S / 2} r={15} fill={LANCELOT_COLOURS[v]} stroke="#222" />
              <text x={x + S / 2} y={y + S / 2 + 5} text-anchor="middle" class={`letter${v === 3 ? ' dark' : ''}`}>
                {seatLetter(v, lang)}
              </text>
            </g>
          );
        })}
        {ghosts.map((g) => {
          const { x, y } = xy(g.cell);
          return (
            <g key={`g${g.cell}-${String(state.captures)}`} class="ghost" pointer-events="none">
              <circle cx={x + S / 2} cy={y + S / 2} r={15} fill={LANCELOT_COLOURS[g.seat]} stroke="#222" />
              <text x={x + S / 2} y={y + S / 2 + 5} text-anchor="middle" class="letter">
                ✕
              </text>
            </g>
          );
        })}
        {excaliburCell >= 0 && (
          <g
            class="excalibur"
            pointer-events="none"
            transform={`translate(${xy(excaliburCell).x + S / 2} ${xy(excaliburCell).y + S / 2})`}
            data-testid="excalibur"
            aria-hidden="true"
          >
            <circle r={17} fill={state.holder === null ? '#ddd' : LANCELOT_COLOURS[state.holder]} opacity="0.55" />
            <path d="M0 -15 L3 6 L-3 6 Z" fill="#dfe6ee" stroke="#333" />
            <rect x={-8} y={6} width={16} height={3} fill="#b08a3e" />
            <rect x={-1.5} y={9} width={3} height={6} fill="#6b4f2a" />
          </g>
        )}
        {/* Advice (the analysis board's best move, a review's better move): a dashed ring on each of its squares. */}
        {(props.hint?.match(/[A-N]\d+/g) ?? []).map((name) => {
          const cell = field.names.indexOf(name);
          if (cell < 0) return null;
          const { x, y } = xy(cell);
          return (
            <circle
              key={`hint-${name}`}
              class="hint-ring"
              cx={x + S / 2}
              cy={y + S / 2}
              r={17}
              pointer-events="none"
              data-testid="hint"
              data-square={name}
            />
          );
        })}
        {Array.from({ length: n }, (_, c) => (
          <text key={`c${c}`} aria-hidden="true" class="coord" x={c * S + S / 2} y={n * S + 16} text-anchor="middle">
            {field.names[c]?.replace(/\d+/, '')}
          </text>
        ))}
        {Array.from({ length: n }, (_, r) => (
          <text
            key={`r${r}`}
            aria-hidden="true"
            class="coord"
            x={-11}
            y={(n - 1 - r) * S + S / 2 + 4}
            text-anchor="middle"
          >
            {field.names[r * n]?.replace(/^[A-N]/, '')}
          </text>
        ))}
      </svg>
      <p id="lancelot-keys" class="sr-only">
        {rw(lang, 'gridKeys')}
      </p>
      <table class="facts-table">
        <tbody>
          {state.hand.map((hand, s) => (
            <tr key={s} class={state.seat === s && state.phase !== 'over' ? 'to-move' : ''}>
              <td>
                <span class="chip" style={{ background: LANCELOT_COLOURS[s] }} aria-hidden="true" />{' '}
                {props.seatLabel(s)}
              </td>
              <td data-testid={`captures-${s}`}>
                {text(lang, 'captured')}
                {colon(lang)}{' '}
                {/* One placement can take several knights: past the target it reads as reached, not "8/7". */}
                {(state.captures[s] ?? 0) >= state.options.target
                  ? `${state.captures[s] ?? 0} ✓`
                  : `${state.captures[s] ?? 0}/${state.options.target}`}
              </td>
              <td>
                {hand} {text(lang, 'hand')}
              </td>
              <td>
                {state.options.excalibur
                  ? state.shields[s]
                    ? text(lang, 'shield')
                    : state.holder === s
                      ? 'Excalibur'
                      : ''
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
