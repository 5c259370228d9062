import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { describeError, type Lang, type Seat, type SpeechCommand } from '@roundtable/core';
import {
  MAX_STEP,
  PUZZLES,
  THEMES,
  THEME_NAMES,
  judgeMove,
  nextPuzzle,
  puzzleById,
  type Puzzle,
  type PuzzleRating,
  type Theme,
} from '@roundtable/puzzles';
import { loadTable } from '../games.ts';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { useAccount } from '../social/account.ts';
import type { TableModule } from '../table-api.ts';
import { accountStore, guestStore, type PuzzleStore } from './store.ts';
import { pw } from './words.ts';
import { MINED_ID, fetchMined, fetchMinedOne } from './mined.ts';
import { useReaderMode } from '../reader/mode.ts';
import { useFocusKeeper } from '../reader/focus.ts';
import { PageReader, movesInWordsFrom, usePageAnnouncer, useSayOnChange } from '../reader/page-reader.tsx';
import '../analysis/analysis.css';
import './puzzles.css';

const THEMES_KEY = 'rt.puzzle-themes';

function savedThemes(): Theme[] {
  try {
    const raw = JSON.parse(localStorage.getItem(THEMES_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((t): t is Theme => THEMES.includes(t as Theme)) : [];
  } catch {
    return [];
  }
}

type Phase = 'solving' | 'wrong' | 'solved' | 'shown';

/** A puzzle's own questions in the screen-reader mode's command field (beside the game's). */
const PUZZLE_QUESTIONS: readonly SpeechCommand[] = [
  {
    id: 'puzzle',
    words: { en: ['puzzle', 'task'], fr: ['problème', 'énoncé'] },
    help: { en: 'the puzzle’s task, again', fr: 'l’énoncé du problème, à nouveau' },
  },
  {
    id: 'hint',
    words: { en: ['hint', 'clue'], fr: ['indice'] },
    help: { en: 'a hint (counted as help)', fr: 'un indice (compté comme une aide)' },
  },
  {
    id: 'retry',
    words: { en: ['retry', 'try again'], fr: ['réessayer', 'encore'] },
    help: { en: 'take back a wrong move and try again', fr: 'reprendre un coup faux et réessayer' },
  },
];

/** The puzzles page: one puzzle after another (or the one a link names), for the chosen themes. */
export function PuzzlesPage({ id }: { id: string | null }) {
  const { lang, t } = useT();
  const { me, loading } = useAccount();
  const store: PuzzleStore = me ? accountStore : guestStore;
  const [module, setModule] = useState<TableModule | null>(null);
  useEffect(() => {
    loadTable('camelot').then(setModule, () => setModule(null));
  }, []);
  const [themes, setThemes] = useState<Theme[]>(savedThemes);
  const [rating, setRating] = useState<PuzzleRating | null>(null);
  const [tried, setTried] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (loading) return;
    Promise.all([store.rating(), store.tried()]).then(
      ([r, d]) => {
        setRating(r);
        setTried(d);
      },
      (e: Error) => setError(e.message),
    );
  }, [store, loading]);
  useEffect(() => localStorage.setItem(THEMES_KEY, JSON.stringify(themes)), [themes]);
  // Puzzles mined from people's rated matches (the server's), beside the shipped ones; null while asked.
  const [mined, setMined] = useState<readonly Puzzle[] | null>(null);
  useEffect(() => {
    if (id && MINED_ID.test(id)) void fetchMinedOne(id).then((p) => setMined(p ? [p] : []));
    else void fetchMined('camelot').then(setMined);
  }, [id]);
  const all = useMemo(() => [...(PUZZLES.camelot ?? []), ...(mined ?? [])], [mined]);
  const puzzle = useMemo(() => {
    if (id) return puzzleById(id) ?? all.find((p) => p.id === id) ?? null;
    return rating ? nextPuzzle(all, rating.rating, themes, tried) : null;
    // Only a new puzzle (a link, or "next") changes the one shown: not a rating that moved.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the puzzle is chosen when the page opens on it
  }, [id, rating === null, mined === null]);
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!module || !rating || !mined) return <p>{t('loading')}</p>;
  const goNext = (): void => {
    const done = new Set(tried);
    if (puzzle) done.add(puzzle.id);
    const next = nextPuzzle(all, rating.rating, themes, done);
    navigate(next ? `/puzzles/${next.id}` : '/puzzles');
  };
  return (
    <section class="puzzles" data-testid="puzzles">
      <h1>{pw(lang, 'title')} — Camelot</h1>
      <p class="puzzle-ratings">
        {pw(lang, 'yourRating')}
        {lang === 'fr' ? '\u00a0:' : ':'} <strong data-testid="player-rating">{Math.round(rating.rating)}</strong>{' '}
        <span class="note">
          ({rating.attempts} {pw(lang, 'triedCount')}){' '}
          {store.kind === 'guest' ? pw(lang, 'guest') : pw(lang, 'account')}
        </span>
      </p>
      <p class="note" data-testid="rating-rule">
        {pw(lang, 'ratingRule').replace('{max}', String(MAX_STEP))}
      </p>
      <fieldset class="themes">
        <legend>{pw(lang, 'themes')}</legend>
        {THEMES.map((th) => (
          <label key={th} class="check">
            <input
              type="checkbox"
              checked={themes.includes(th)}
              data-theme={th}
              onChange={() => setThemes(themes.includes(th) ? themes.filter((x) => x !== th) : [...themes, th])}
            />
            {THEME_NAMES[th][lang]}
          </label>
        ))}
        {themes.length === 0 && <span class="note">({pw(lang, 'allThemes')})</span>}
      </fieldset>
      {puzzle?.match && (
        <p class="note" data-testid="puzzle-source">
          {pw(lang, 'fromGame')} <a href={`#/m/${encodeURIComponent(puzzle.match)}`}>{pw(lang, 'theMatch')}</a>
        </p>
      )}
      {puzzle ? (
        <Solve
          key={puzzle.id}
          puzzle={puzzle}
          module={module}
          lang={lang}
          first={!tried.has(puzzle.id)}
          onRated={async (solved) => {
            const r = await store.attempt(puzzle, solved);
            setRating(r.player);
            setTried(new Set([...tried, puzzle.id]));
            return r;
          }}
          onNext={goNext}
        />
      ) : (
        <p data-testid="no-puzzle">{id ? pw(lang, 'unknown') : pw(lang, 'none')}</p>
      )}
    </section>
  );
}

function Solve({
  puzzle,
  module,
  lang,
  first,
  onRated,
  onNext,
}: {
  puzzle: Puzzle;
  module: TableModule;
  lang: Lang;
  first: boolean;
  onRated: (solved: boolean) => Promise<{ player: PuzzleRating; puzzle: PuzzleRating }>;
  onNext: () => void;
}) {
  const game = module.game;
  const start = useMemo(() => {
    const options = game.parseOptions({}, 2);
    const read = options.ok ? game.position?.read(puzzle.position, { players: 2, options: options.value }) : null;
    return read?.ok ? read.value : null;
  }, [game, puzzle.position]);
  const solver = (start ? game.toMove(start)[0] : 0) as Seat;
  // The moves on the board: the solution's so far, and a wrong try shown until "try again".
  const [played, setPlayed] = useState(0);
  const [wrongMove, setWrongMove] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('solving');
  const [hints, setHints] = useState(0);
  // The first attempt is rated once: a mistake, a hint or the solution count as missed.
  const [rated, setRated] = useState<{ after: PuzzleRating; puzzle: PuzzleRating } | null>(null);
  const [missed, setMissed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const reader = useReaderMode();
  const announcer = usePageAnnouncer(lang);
  const root = useRef<HTMLDivElement | null>(null);
  const boardArea = useRef<HTMLDivElement | null>(null);
  useFocusKeeper(root, boardArea);
  /** Shown, and said in the screen-reader mode (the feedback line is then no live region of its own). */
  const tell = (text: string | null): void => {
    setMessage(text);
    if (reader && text) announcer.say(text);
  };
  const rate = (solved: boolean): void => {
    if (!first || rated || (solved && missed)) return;
    void onRated(solved).then((r) => setRated({ after: r.player, puzzle: r.puzzle }));
  };
  const miss = (): void => {
    if (!missed) {
      setMissed(true);
      rate(false);
    }
  };
  const moves = [...puzzle.solution.slice(0, played), ...(wrongMove ? [wrongMove] : [])];
  const state = useMemo(() => {
    let s = start;
    for (const m of moves) {
      if (s === null) break;
      const seat = game.toMove(s)[0] as Seat;
      const parsed = game.parseMove(s, seat, m);
      const next = parsed.ok ? game.play(s, seat, parsed.value) : null;
      s = next?.ok ? next.value : null;
    }
    return s;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the moves are read from played and wrongMove
  }, [start, played, wrongMove]);
  const instruction =
    phase === 'solved'
      ? pw(lang, 'solved')
      : phase === 'shown'
        ? `${pw(lang, 'solutionIs')}${lang === 'fr' ? '\u00a0:' : ':'} ${puzzle.solution.join(' ')}`
        : `${played === 0 ? pw(lang, 'find') : pw(lang, 'findNext')} ${game.seatName(solver, 2, lang)}.`;
  useSayOnChange(
    `${puzzle.id}|${phase}|${played}`,
    phase === 'solved' || phase === 'wrong' ? null : instruction,
    announcer.say,
    reader,
  );
  if (!start || state === null)
    return (
      <p class="error" role="alert">
        {pw(lang, 'unknown')}
      </p>
    );
  const toMove = game.toMove(state)[0] as Seat | undefined;
  const active = phase === 'solving' && toMove === solver ? solver : null;
  const legal = active !== null ? game.legalMoves(state, active).map((m) => game.formatMove(state, m)) : [];
  const seatName = (s: Seat): string => game.seatName(s, 2, lang);
  const afterMove = (move: string): unknown => {
    const parsed = game.parseMove(state, solver, move);
    const next = parsed.ok ? game.play(state, solver, parsed.value) : null;
    return next?.ok ? next.value : state;
  };
  const play = (move: string): void => {
    const parsed = game.parseMove(state, solver, move);
    if (!parsed.ok) {
      tell(describeError(parsed.error, lang, game.messages));
      return;
    }
    const canonical = game.formatMove(state, parsed.value);
    const judged = judgeMove(puzzle, played, canonical);
    if (judged.kind === 'wrong') {
      setWrongMove(canonical);
      setPhase('wrong');
      tell(pw(lang, 'wrong'));
      miss();
      return;
    }
    setHints(0);
    if (judged.kind === 'solved') {
      setPlayed(played + 1);
      setPhase('solved');
      tell(missed ? pw(lang, 'failed') : pw(lang, 'solved'));
      rate(true);
      return;
    }
    // The opponent's answer comes after the right move.
    setPlayed(played + 2);
    const reply = movesInWordsFrom(game, afterMove(canonical), [judged.reply], 2, lang, seatName)[0] ?? judged.reply;
    tell(
      `${pw(lang, 'right')} ${reader ? reply : `${seatName(1 - solver)}${lang === 'fr' ? '\u00a0:' : ':'} ${judged.reply}`}`,
    );
  };
  const expected = puzzle.solution[played];
  const hint = phase === 'shown' ? undefined : hints >= 2 && expected ? expected.split(/[-x]/)[0] : undefined;
  const last =
    moves.length > 0
      ? { seat: (moves.length - 1) % 2 === 0 ? solver : 1 - solver, move: moves[moves.length - 1] as string }
      : null;
  const hintWords = (n: number): string =>
    `${pw(lang, 'hintTheme')}${lang === 'fr' ? '\u00a0:' : ':'} ${puzzle.themes.map((th) => THEME_NAMES[th][lang]).join(', ')}.` +
    (n >= 2 && hint ? ` ${pw(lang, 'hintSquare')} ${hint}.` : '');
  const retry = (): void => {
    setWrongMove(null);
    setPhase('solving');
    setMessage(null);
    if (reader) announcer.say(`${played === 0 ? pw(lang, 'find') : pw(lang, 'findNext')} ${seatName(solver)}.`);
  };
  const takeHint = (): string => {
    if (phase !== 'solving' || hints >= 2) return pw(lang, 'noHint');
    setHints(hints + 1);
    miss();
    const square = expected?.split(/[-x]/)[0];
    return (
      `${pw(lang, 'hintTheme')}${lang === 'fr' ? '\u00a0:' : ':'} ${puzzle.themes.map((th) => THEME_NAMES[th][lang]).join(', ')}.` +
      (hints + 1 >= 2 && square ? ` ${pw(lang, 'hintSquare')} ${square}.` : '')
    );
  };
  const Table = module.Table;
  return (
    <div class="puzzle" ref={root} data-testid="puzzle" data-id={puzzle.id} data-phase={phase} data-played={played}>
      <p class="puzzle-head">
        <strong data-testid="instruction">
          {phase === 'solved'
            ? pw(lang, 'solved')
            : phase === 'shown'
              ? pw(lang, 'solutionIs')
              : `${played === 0 ? pw(lang, 'find') : pw(lang, 'findNext')} ${seatName(solver)}`}
        </strong>{' '}
        <span class="note">
          {pw(lang, 'puzzleRating')} {Math.round(rated?.puzzle.rating ?? puzzle.rating)} · {puzzle.id}
        </span>
      </p>
      <div class="analysis-layout">
        <div class="analysis-board" ref={boardArea} tabIndex={-1}>
          <Table
            game={game}
            view={game.view(state, 'spectator')}
            viewer={solver}
            active={active}
            legal={legal}
            play={play}
            refuse={tell}
            lastMove={last}
            lang={lang}
            seatLabel={seatName}
            players={2}
            {...(hint ? { hint } : {})}
          />
          {reader && (
            <PageReader
              game={game}
              view={game.view(state, 'spectator')}
              viewer={solver}
              players={2}
              lang={lang}
              status={instruction}
              log={movesInWordsFrom(game, start, moves, 2, lang, seatName).map((text) => ({
                text,
                group: '',
                kind: 'move' as const,
              }))}
              legal={legal}
              name={seatName}
              play={play}
              canPlay={active !== null}
              questions={{
                commands: PUZZLE_QUESTIONS,
                answer: (id) => {
                  if (id === 'hint') return takeHint();
                  // "retry" after a wrong move takes it back (the prompt is said again); else it is the task.
                  if (id === 'retry' && phase === 'wrong') {
                    retry();
                    return '';
                  }
                  return `${instruction}${hints > 0 ? ` ${hintWords(hints)}` : ''}`;
                },
              }}
              announcer={announcer}
            />
          )}
        </div>
        <aside class="analysis-side">
          <section>
            <p
              class={`feedback ${phase}`}
              {...(reader ? {} : { role: 'status', 'aria-live': 'polite' as const })}
              data-testid="feedback"
            >
              {message ?? ''}
            </p>
            {hints >= 1 && phase === 'solving' && (
              <p data-testid="hint-text">
                {pw(lang, 'hintTheme')}
                {lang === 'fr' ? '\u00a0:' : ':'} {puzzle.themes.map((th) => THEME_NAMES[th][lang]).join(', ')}
                {hints >= 2 && <> — {pw(lang, 'hintPiece')}</>}
              </p>
            )}
            {rated && (
              <p data-testid="rating-change">
                {pw(lang, 'yourRating')}
                {lang === 'fr' ? '\u00a0:' : ':'} <strong>{Math.round(rated.after.rating)}</strong>
              </p>
            )}
            {phase === 'shown' && (
              <p data-testid="solution">
                {pw(lang, 'solutionIs')}
                {lang === 'fr' ? '\u00a0:' : ':'} {puzzle.solution.join(' ')}
              </p>
            )}
            <div class="actions">
              {phase === 'wrong' && (
                <button type="button" class="primary" data-testid="retry" onClick={retry}>
                  {pw(lang, 'retry')}
                </button>
              )}
              {phase === 'solving' && hints < 2 && (
                <button
                  type="button"
                  data-testid="hint-button"
                  onClick={() => {
                    const said = takeHint();
                    if (reader) announcer.say(said);
                  }}
                >
                  {pw(lang, 'hint')}
                </button>
              )}
              {(phase === 'solving' || phase === 'wrong') && (
                <button
                  type="button"
                  data-testid="show-solution"
                  onClick={() => {
                    miss();
                    setWrongMove(null);
                    setPlayed(puzzle.solution.length);
                    setPhase('shown');
                    setMessage(null);
                  }}
                >
                  {pw(lang, 'solution')}
                </button>
              )}
              {(phase === 'solved' || phase === 'shown') && (
                <button type="button" class="primary" data-testid="next" onClick={onNext}>
                  {pw(lang, 'next')}
                </button>
              )}
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}
