import { ew, explorerHref } from '../explorer/words.ts';
import type { ComponentType } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  addMove,
  childrenAt,
  describeError,
  mainLineFrom,
  nodesAt,
  promote,
  readRecordText,
  removeAt,
  setComment,
  treeFromRecord,
  writeRecordText,
  checkComment,
  type AnyGame,
  type Lang,
  type MoveNode,
  type RecordTree,
  type Seat,
} from '@roundtable/core';
import { canAnalyse, scoreInGameTerms, type Evaluation } from '@roundtable/ai';
import { loadTable } from '../games.ts';
import { gameIdOf, loadGame } from '../learn-games.ts';
import { useT } from '../i18n.ts';
import { loadLocalSetup } from '../session/local-store.ts';
import type { EditorProps, TableModule } from '../table-api.ts';
import { ChanceBar } from './eval-bar.tsx';
import { AnalysisEngine } from './engine.ts';
import { decodeRecord, encodeRecord, pathText, readPath } from './link.ts';
import { TreeView } from './tree-view.tsx';
import { aw } from './words.ts';
import { ANALYSIS_QUESTIONS, bestLineWords, commentWords, currentWords, evaluationWords, qw } from './questions.ts';
import { useReaderMode } from '../reader/mode.ts';
import { useFocusKeeper } from '../reader/focus.ts';
import { PageReader, movesInWordsFrom, usePageAnnouncer, useSayOnChange } from '../reader/page-reader.tsx';
import { SetAsConditional } from '../conditional/from-analysis.tsx';
import './analysis.css';

/** Where the board's record comes from: a link, a local match, an online one, or nothing (the start). */
export type AnalysisSource =
  | { readonly kind: 'link'; readonly gameId: string; readonly text: string | null; readonly at: string | null }
  | { readonly kind: 'local'; readonly gameId: string; readonly ply: number | null }
  | { readonly kind: 'online'; readonly matchId: string; readonly ply: number | null };

/** The state after each node along a path (index 0: the start). */
function statesAlong(game: AnyGame, start: unknown, tree: RecordTree, path: readonly number[]): unknown[] {
  const out = [start];
  let s = start;
  for (const node of nodesAt(tree, path) ?? []) {
    const parsed = game.parseMove(s, node.seat, node.move);
    const next = parsed.ok ? game.play(s, node.seat, parsed.value) : parsed;
    if (!next.ok) break;
    s = next.value;
    out.push(s);
  }
  return out;
}

function emptyTree(game: AnyGame, position?: string, given: RecordTree['options'] = {}): RecordTree {
  const options = game.parseOptions(given, 2);
  return {
    game: game.id,
    players: 2,
    options: options.ok ? (options.value as RecordTree['options']) : {},
    seed: 1,
    ...(position ? { position } : {}),
    tags: [],
    children: [],
  };
}

/** The link that opens this board again: the record text and the current move. */
export function analysisLink(game: AnyGame, tree: RecordTree, path: readonly number[]): string {
  return `#/analysis/${game.id}?r=${encodeRecord(writeRecordText(game, tree))}${path.length > 0 ? `&at=${pathText(path)}` : ''}`;
}

/** A resolver for the record text's reader: the one game loaded for this board. */
const only =
  (game: AnyGame) =>
  (id: string): AnyGame | undefined =>
    id === game.id ? game : undefined;

/** Reads the source into a tree and a path, or the reason it cannot. */
async function loadSource(source: AnalysisSource, lang: Lang): Promise<{ tree: RecordTree; path: number[] }> {
  if (source.kind === 'link') {
    const game = await loadGame(source.gameId).catch(() => null);
    if (!game) throw new Error(describeError({ code: 'UNKNOWN_GAME', game: source.gameId }, lang));
    if (source.text === null) return { tree: emptyTree(game), path: [] };
    const text = decodeRecord(source.text);
    if (text === null) throw new Error(aw(lang, 'badLink'));
    const tree = readRecordText(text, only(game), game.id);
    if (!tree.ok) throw new Error(describeError(tree.error, lang));
    const path = readPath(source.at);
    return { tree: tree.value, path: nodesAt(tree.value, path) ? path : [] };
  }
  let record: unknown;
  if (source.kind === 'local') {
    const saved = loadLocalSetup(source.gameId);
    if (!saved) throw new Error(aw(lang, 'badLink'));
    record = {
      game: saved.gameId,
      players: saved.seats.length,
      options: saved.options,
      seed: saved.seed,
      moves: saved.moves,
    };
  } else {
    const res = await fetch(`/api/matches/${encodeURIComponent(source.matchId)}/record?lang=${lang}`);
    const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res.ok) throw new Error(data?.error?.message ?? `${res.status}`);
    record = data;
  }
  const id = gameIdOf(record);
  const game = id ? await loadGame(id).catch(() => null) : null;
  if (!game) throw new Error(describeError({ code: 'UNKNOWN_GAME', game: id }, lang));
  const tree = treeFromRecord(game, record);
  if (!tree.ok) throw new Error(describeError(tree.error, lang, game.messages));
  const ply = source.ply ?? Number.MAX_SAFE_INTEGER;
  const path = mainLineFrom(tree.value, []).slice(0, Math.max(0, ply));
  return { tree: tree.value, path };
}

export function AnalysisPage({ source }: { source: AnalysisSource }) {
  const { lang, t } = useT();
  const [loaded, setLoaded] = useState<{ tree: RecordTree; path: number[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadSource(source, lang).then(setLoaded, (e: Error) => setError(e.message));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a source is read once; the language of a refusal is the one it was read in
  }, []);
  const gameId = loaded?.tree.game ?? null;
  const [module, setModule] = useState<TableModule | null>(null);
  useEffect(() => {
    if (gameId) loadTable(gameId).then(setModule, (e: Error) => setError(e.message));
  }, [gameId]);
  if (error)
    return (
      <section class="analysis">
        <h1>{aw(lang, 'title')}</h1>
        <p class="error" role="alert" data-testid="analysis-error">
          {error}
        </p>
      </section>
    );
  if (!loaded || !module) return <p>{t('loading')}</p>;
  if (!canAnalyse(module.game, loaded.tree.players))
    return (
      <section class="analysis">
        <h1>{aw(lang, 'title')}</h1>
        <p class="error" role="alert">
          {aw(lang, 'notHere')}
        </p>
      </section>
    );
  return <Board module={module} initial={loaded} matchId={source.kind === 'online' ? source.matchId : null} />;
}

function Board({
  module,
  initial,
  matchId,
}: {
  module: TableModule;
  initial: { tree: RecordTree; path: number[] };
  /** An online match's board: its lines can become that match's conditional moves. */
  matchId: string | null;
}) {
  const { lang } = useT();
  const game = module.game;
  const [tree, setTree] = useState(initial.tree);
  const [path, setPath] = useState<number[]>(initial.path);
  const [reason, setReason] = useState<string | null>(null);
  const start = useMemo(() => {
    const made = tree.position
      ? game.position?.read(tree.position, { players: tree.players, options: tree.options })
      : game.setup({ players: tree.players, options: tree.options, seed: tree.seed });
    return made?.ok ? made.value : null;
  }, [game, tree.position, tree.players, tree.options, tree.seed]);
  const states = useMemo(() => (start ? statesAlong(game, start, tree, path) : []), [game, start, tree, path]);
  const state = states[states.length - 1];
  const nodes = nodesAt(tree, path) ?? [];
  const node: MoveNode | null = nodes[nodes.length - 1] ?? null;
  const toMove = state !== undefined ? game.toMove(state) : [];
  const active = (toMove[0] ?? null) as Seat | null;
  const legal = useMemo(
    () =>
      state !== undefined && active !== null
        ? game.legalMoves(state, active).map((m) => game.formatMove(state, m))
        : [],
    [game, state, active],
  );
  const seatName = (s: Seat): string => game.seatName(s, tree.players, lang);

  // The link follows the board: the address bar always opens this board again.
  useEffect(() => {
    history.replaceState(null, '', analysisLink(game, tree, path));
  }, [game, tree, path]);

  // The engine: a new position restarts it while it runs.
  const engine = useRef<AnalysisEngine | null>(null);
  const [running, setRunning] = useState(true);
  const [evaluation, setEvaluation] = useState<{ key: string; ev: Evaluation; final: boolean } | null>(null);
  const key = pathText(path) + '|' + String(tree.position ?? '');
  useEffect(() => {
    engine.current ??= new AnalysisEngine();
    const e = engine.current;
    if (!running || state === undefined) {
      e.stop();
      return;
    }
    const started = performance.now();
    e.start(game.id, game.serialize(state), (ev, final) => {
      if (ev.depth === 1 || ev.outcome)
        performance.measure('rt-first-eval', { start: started, end: performance.now() });
      setEvaluation({ key, ev, final });
    });
    return () => e.stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one search per position (its key) while running
  }, [key, running, game]);
  useEffect(() => () => engine.current?.stop(), []);
  const ev = evaluation && evaluation.key === key ? evaluation.ev : null;
  const [showBest, setShowBest] = useState(true);

  const go = (p: number[]): void => {
    if (nodesAt(tree, p)) setPath(p);
  };
  const play = (move: string): void => {
    if (state === undefined || active === null) return;
    const parsed = game.parseMove(state, active, move);
    if (!parsed.ok) {
      setReason(describeError(parsed.error, lang, game.messages));
      return;
    }
    setReason(null);
    const added = addMove(tree, path, active, game.formatMove(state, parsed.value));
    setTree(added.tree);
    setPath(added.path);
  };
  // The arrow keys step through the moves wherever the focus is, except while typing.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent): void => {
    const target = e.target as HTMLElement | null;
    if (e.defaultPrevented || target?.closest?.('textarea, input, select, [role=button]')) return;
    const children = childrenAt(tree, path) ?? [];
    if (e.key === 'ArrowLeft') go(path.slice(0, -1));
    else if (e.key === 'ArrowRight' && children.length > 0) go([...path, 0]);
    else if (e.key === 'Home') go([]);
    else if (e.key === 'End') go(mainLineFrom(tree, path));
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    const on = (e: KeyboardEvent): void => keys.current(e);
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, []);

  // The screen-reader mode: each position shown is told (the move that led to it), the engine's finished line too.
  const reader = useReaderMode();
  const announcer = usePageAnnouncer(lang);
  const root = useRef<HTMLElement | null>(null);
  const boardArea = useRef<HTMLDivElement | null>(null);
  useFocusKeeper(root, boardArea);
  const told = useMemo(
    () =>
      reader && start
        ? movesInWordsFrom(
            game,
            start,
            nodes.map((n) => n.move),
            tree.players,
            lang,
            seatName,
          )
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the words follow the moves along the path
    [reader, game, start, tree, path, lang],
  );
  const lastTold = told[told.length - 1] ?? null;
  useSayOnChange(
    `${pathText(path)}|${tree.position ?? ''}`,
    path.length === 0 ? qw(lang, 'start') : lastTold,
    announcer.say,
    reader,
  );
  const lineWords = (): string =>
    ev && state !== undefined
      ? bestLineWords(movesInWordsFrom(game, state, ev.line.slice(0, 6), tree.players, lang, seatName), lang)
      : evaluationWords(null, running, [], '', lang);
  const finalKey = evaluation?.final && evaluation.key === key ? key : null;
  useSayOnChange(finalKey, reader && finalKey ? lineWords() : null, announcer.say, reader);
  const names = [seatName(0), seatName(1)];
  const questions = {
    commands: ANALYSIS_QUESTIONS,
    answer: (id: string): string => {
      if (id === 'eval') return evaluationWords(ev, running, names, ev ? scoreText(ev, game.id, lang) : '', lang);
      if (id === 'best') return lineWords();
      if (id === 'current') return currentWords(path, lastTold, (childrenAt(tree, path) ?? []).length, lang);
      return commentWords(path.length === 0 ? tree.comment : node?.comment, lang);
    },
  };

  const Table = module.Table;
  const colours = [module.seatColour(0, 2), module.seatColour(1, 2)];
  const view = state !== undefined ? game.view(state, 'spectator') : null;
  const bestHint = showBest && ev && ev.best && !ev.outcome ? ev.best : null;
  return (
    <section class={`analysis${reader ? ' reader' : ''}`} data-testid="analysis" ref={root}>
      <h1>
        {aw(lang, 'title')} — {game.name[lang]}
      </h1>
      <div class="analysis-layout">
        <div class="analysis-board" ref={boardArea} tabIndex={-1}>
          {view !== null && (
            <Table
              game={game}
              view={view}
              viewer={0}
              active={active}
              legal={legal}
              play={play}
              refuse={setReason}
              lastMove={node ? { seat: node.seat, move: node.move } : null}
              lang={lang}
              seatLabel={seatName}
              players={tree.players}
              {...(bestHint ? { hint: bestHint } : {})}
            />
          )}
          {reason && (
            <p class="error" role="alert" data-testid="refusal">
              {reason}
            </p>
          )}
          <Steps lang={lang} path={path} tree={tree} go={go} />
          {reader && view !== null && (
            <PageReader
              game={game}
              view={view}
              viewer="spectator"
              players={tree.players}
              lang={lang}
              status={active !== null ? `${seatName(active)} ${aw(lang, 'toMove')}` : aw(lang, 'over')}
              log={told.map((text) => ({ text, group: '', kind: 'move' as const }))}
              legal={legal}
              name={seatName}
              play={play}
              canPlay={active !== null}
              questions={questions}
              announcer={announcer}
            />
          )}
        </div>
        <aside class="analysis-side">
          <section
            class="engine"
            aria-labelledby="engine-title"
            // In the screen-reader mode the announcer says the finished line; every depth read aloud would drown it.
            aria-live={reader ? 'off' : 'polite'}
            aria-busy={running && !ev?.outcome && !evaluation?.final}
          >
            <h2 id="engine-title">{aw(lang, 'engine')}</h2>
            <div class="engine-head">
              <button
                type="button"
                class={running ? '' : 'primary'}
                onClick={() => setRunning(!running)}
                data-testid="engine-toggle"
                aria-pressed={running}
              >
                {running ? aw(lang, 'stop') : aw(lang, 'go')}
              </button>
              <label class="check">
                <input type="checkbox" checked={showBest} onChange={() => setShowBest(!showBest)} />
                {aw(lang, 'showBest')}
              </label>
            </div>
            {ev ? (
              <EngineLine ev={ev} gameId={game.id} lang={lang} names={[seatName(0), seatName(1)]} colours={colours} />
            ) : (
              <p class="note">{running ? aw(lang, 'thinking') : aw(lang, 'stopped')}</p>
            )}
          </section>
          {state !== undefined && game.position && game.perfectInformation && tree.players === 2 && (
            <p>
              <a
                class="button"
                href={explorerHref(game.id, { position: game.position.write(state), options: tree.options })}
                data-testid="to-explorer"
              >
                {ew(lang, 'title')}
              </a>
            </p>
          )}
          <section class="moves-panel" aria-labelledby="moves-title">
            <h2 id="moves-title">{aw(lang, 'moves')}</h2>
            {tree.children.length === 0 && !tree.comment ? (
              <p class="note">{aw(lang, 'noMoves')}</p>
            ) : (
              <TreeView tree={tree} path={path} onGo={go} />
            )}
            <div class="actions">
              {path.length > 0 && path.some((i) => i > 0) && (
                <button type="button" onClick={() => setTree(promote(tree, path))} data-testid="promote">
                  {aw(lang, 'promote')}
                </button>
              )}
              {path.length > 0 && (
                <button
                  type="button"
                  onClick={() => {
                    setTree(removeAt(tree, path));
                    setPath(path.slice(0, -1));
                  }}
                  data-testid="remove"
                >
                  {aw(lang, 'remove')}
                </button>
              )}
            </div>
            <CommentBox
              key={pathText(path)}
              lang={lang}
              label={path.length === 0 ? aw(lang, 'commentStart') : aw(lang, 'comment')}
              value={(path.length === 0 ? tree.comment : node?.comment) ?? ''}
              onSave={(text) => setTree(setComment(tree, path, text))}
            />
            {matchId !== null && <SetAsConditional matchId={matchId} tree={tree} path={path} lang={lang} />}
          </section>
          <RecordTools
            game={game}
            editor={module.Editor ?? null}
            tree={tree}
            path={path}
            lang={lang}
            state={state}
            onLoad={(next) => {
              setTree(next);
              setPath([]);
            }}
          />
        </aside>
      </div>
    </section>
  );
}

function EngineLine({
  ev,
  gameId,
  lang,
  names,
  colours,
}: {
  ev: Evaluation;
  gameId: string;
  lang: Lang;
  names: readonly string[];
  colours: readonly string[];
}) {
  const mover = names[ev.seat] ?? '';
  return (
    <div class="engine-line" data-testid="evaluation" data-depth={ev.depth}>
      <ChanceBar chances={ev.chances} names={names} colours={colours} lang={lang} label={aw(lang, 'chances')} />
      {ev.outcome ? (
        <p>{aw(lang, 'over')}</p>
      ) : (
        <>
          <p class="engine-facts">
            {ev.mate !== null && ev.mate !== 0 ? (
              <strong data-testid="mate">
                {ev.mate > 0 ? mover : (names[1 - ev.seat] ?? '')} {aw(lang, 'winIn')} {Math.abs(ev.mate)}{' '}
                {Math.abs(ev.mate) === 1 ? aw(lang, 'ply') : aw(lang, 'plies')}
              </strong>
            ) : (
              <span data-testid="score">{scoreText(ev, gameId, lang)}</span>
            )}{' '}
            · {aw(lang, 'depth')} {ev.depth} · {ev.nodes.toLocaleString(lang)} {aw(lang, 'nodes')}
          </p>
          <p class="engine-pv">
            <span class="label">{aw(lang, 'bestLine')}</span> <span data-testid="best-line">{ev.line.join(' ')}</span>
          </p>
        </>
      )}
    </div>
  );
}

/**
 * The score in the game's own terms, from seat 0's side, by the game's scale in the calibration data: Camelot's in
 * men (a man is 1, a knight about 1.6), Lancelot's as the lead in chances the evaluation sees.
 */
function scoreText(ev: Evaluation, gameId: string, lang: Lang): string {
  const own = ev.seat === 0 ? ev.score : -ev.score;
  const value = scoreInGameTerms(gameId, own);
  const text = (value >= 0 ? '+' : '−') + Math.abs(value).toFixed(2);
  return lang === 'fr' ? text.replace('.', ',') : text;
}

function Steps({ lang, path, tree, go }: { lang: Lang; path: number[]; tree: RecordTree; go: (p: number[]) => void }) {
  const next = (childrenAt(tree, path) ?? []).length > 0;
  return (
    <div class="steps" role="group" aria-label={aw(lang, 'moves')}>
      <button type="button" onClick={() => go([])} disabled={path.length === 0} data-testid="to-start">
        <Icon d="M6 5v14M18 5 9 12l9 7z" />
        <span class="sr-only">{aw(lang, 'start')}</span>
      </button>
      <button type="button" onClick={() => go(path.slice(0, -1))} disabled={path.length === 0} data-testid="back">
        <Icon d="M16 5 7 12l9 7z" />
        <span class="sr-only">{aw(lang, 'back')}</span>
      </button>
      <button type="button" onClick={() => go([...path, 0])} disabled={!next} data-testid="forward">
        <Icon d="m8 5 9 7-9 7z" />
        <span class="sr-only">{aw(lang, 'forward')}</span>
      </button>
      <button type="button" onClick={() => go(mainLineFrom(tree, path))} disabled={!next} data-testid="to-end">
        <Icon d="M18 5v14M6 5l9 7-9 7z" />
        <span class="sr-only">{aw(lang, 'end')}</span>
      </button>
    </div>
  );
}

/** A small drawn icon (no font has to hold the glyph). */
function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d={d} fill="currentColor" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />
    </svg>
  );
}

function CommentBox({
  lang,
  label,
  value,
  onSave,
}: {
  lang: Lang;
  label: string;
  value: string;
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const problem = checkComment(text.trim());
  return (
    <label class="field comment-box">
      {label}
      <textarea
        rows={2}
        value={text}
        maxLength={4000}
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        onBlur={() => {
          if (!problem && text.trim() !== value) onSave(text);
        }}
        aria-invalid={problem !== null}
        data-testid="comment"
      />
      {problem && <span class="error">{aw(lang, 'commentBad')}</span>}
    </label>
  );
}

function RecordTools({
  game,
  editor: Editor,
  tree,
  path,
  lang,
  state,
  onLoad,
}: {
  game: AnyGame;
  editor: ComponentType<EditorProps> | null;
  tree: RecordTree;
  path: number[];
  lang: Lang;
  state: unknown;
  onLoad: (tree: RecordTree) => void;
}) {
  const text = useMemo(() => writeRecordText(game, tree), [game, tree]);
  const [paste, setPaste] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [position, setPosition] = useState('');
  const [setupProblem, setSetupProblem] = useState<string | null>(null);
  const link = `${location.origin}${location.pathname}${analysisLink(game, tree, path)}`;
  const copy = (what: string, value: string): void => {
    void navigator.clipboard?.writeText(value).then(() => setCopied(what));
  };
  return (
    <section class="record-tools">
      <details>
        <summary>{aw(lang, 'export')}</summary>
        <textarea readOnly rows={8} value={text} data-testid="export" aria-label={aw(lang, 'export')} />
        <div class="actions">
          <button type="button" onClick={() => copy('text', text)}>
            {copied === 'text' ? aw(lang, 'copied') : aw(lang, 'copy')}
          </button>
          <a
            class="button"
            download={`${game.id}.txt`}
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          >
            {aw(lang, 'download')}
          </a>
        </div>
        <label class="field">
          {aw(lang, 'link')}
          <input readOnly value={link} data-testid="link" onFocus={(e) => (e.target as HTMLInputElement).select()} />
        </label>
        <button type="button" onClick={() => copy('link', link)}>
          {copied === 'link' ? aw(lang, 'copied') : aw(lang, 'copy')}
        </button>
      </details>
      <details>
        <summary>{aw(lang, 'import')}</summary>
        <p class="note">{aw(lang, 'importHelp')}</p>
        <textarea
          rows={6}
          value={paste}
          onInput={(e) => setPaste((e.target as HTMLTextAreaElement).value)}
          data-testid="import"
          aria-label={aw(lang, 'import')}
        />
        <button
          type="button"
          data-testid="load"
          onClick={() => {
            const read = readRecordText(paste, only(game), game.id);
            if (!read.ok) setProblem(describeError(read.error, lang));
            else if (read.value.game !== game.id || !canAnalyse(game, read.value.players))
              setProblem(aw(lang, 'notHere'));
            else {
              setProblem(null);
              onLoad(read.value);
            }
          }}
        >
          {aw(lang, 'load')}
        </button>
        {problem && (
          <p class="error" role="alert" data-testid="import-error">
            {problem}
          </p>
        )}
      </details>
      {game.position && (
        <details>
          <summary>{aw(lang, 'setup')}</summary>
          <p class="note">{aw(lang, 'setupHelp')}</p>
          <label class="field">
            {aw(lang, 'current')}
            <input readOnly value={state !== undefined ? game.position.write(state) : ''} data-testid="position-now" />
          </label>
          {Editor && state !== undefined && (
            <Editor
              position={position.trim() || (game.position.write(state) as string)}
              options={tree.options}
              lang={lang}
              onChange={setPosition}
            />
          )}
          <label class="field">
            {aw(lang, 'setup')}
            <input
              value={position}
              onInput={(e) => setPosition((e.target as HTMLInputElement).value)}
              data-testid="position"
            />
          </label>
          <button
            type="button"
            data-testid="setup"
            onClick={() => {
              const p = position.trim();
              if (p === '') {
                setSetupProblem(null);
                onLoad(emptyTree(game, undefined, tree.options));
                return;
              }
              const read = game.position?.read(p, { players: tree.players, options: tree.options });
              if (!read?.ok) setSetupProblem(read ? describeError(read.error, lang, game.messages) : null);
              else {
                setSetupProblem(null);
                onLoad(emptyTree(game, p, tree.options));
              }
            }}
          >
            {aw(lang, 'setupGo')}
          </button>
          {setupProblem && (
            <p class="error" role="alert" data-testid="setup-error">
              {setupProblem}
            </p>
          )}
        </details>
      )}
    </section>
  );
}
