import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { describeError, type AnyGame, type LogEntry, type Seat, type SpeechCommand } from '@roundtable/core';
import { loadTable, metaOf } from '../games.ts';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { roleName } from '../session/names.ts';
import type { TableModule } from '../table-api.ts';
import { LESSON_IDS, LESSONS } from './index.ts';
import type { Lesson, LessonStep } from './types.ts';
import { word } from './words.ts';
import './learn.css';
import { useReaderMode } from '../reader/mode.ts';
import { useFocusKeeper } from '../reader/focus.ts';
import { PageReader, movesInWordsFrom, usePageAnnouncer, useSayOnChange } from '../reader/page-reader.tsx';

/** A lesson's own questions in the screen-reader mode's command field (beside the game's). */
const LESSON_QUESTIONS: readonly SpeechCommand[] = [
  {
    id: 'step',
    words: { en: ['step', 'lesson'], fr: ['étape', 'leçon', 'consigne'] },
    help: { en: 'this step’s instruction, again', fr: 'la consigne de cette étape, à nouveau' },
  },
  {
    id: 'next',
    words: { en: ['next', 'go on'], fr: ['suivant', 'suivante', 'continuer'] },
    help: { en: 'the next step, once this one is done', fr: 'l’étape suivante, une fois celle-ci faite' },
  },
];

/** The engine's legal moves of `seat`, in its notation. */
function legalOf(game: AnyGame, state: unknown, seat: Seat): string[] {
  return game.toMove(state).includes(seat)
    ? game.legalMoves(state, seat).map((m: unknown) => game.formatMove(state, m))
    : [];
}

/** Plays `move` (in notation) for `seat`, or throws: the lesson's own scripted moves must be legal. */
function apply(game: AnyGame, state: unknown, seat: Seat, move: string): unknown {
  const parsed = game.parseMove(state, seat, move);
  if (!parsed.ok) throw new Error(`lesson move ${move} refused: ${parsed.error.code}`);
  const next = game.play(state, seat, parsed.value);
  if (!next.ok) throw new Error(`lesson move ${move} refused: ${next.error.code}`);
  return next.value;
}

/** The other seats play (the step's scripted replies, else their first legal move) until it is the learner's turn again. */
function replies(
  game: AnyGame,
  lesson: Lesson,
  step: LessonStep,
  state: unknown,
): { state: unknown; last: { seat: Seat; move: string } | null } {
  let last: { seat: Seat; move: string } | null = null;
  for (let guard = 0; guard < 200 && game.outcome(state) === null; guard++) {
    const seats = game.toMove(state) as Seat[];
    if (seats.length === 0 || seats.includes(lesson.seat)) break;
    const seat = seats[0]!;
    const move = step.reply?.(state, seat, game) ?? legalOf(game, state, seat)[0];
    if (move === undefined) break;
    state = apply(game, state, seat, move);
    last = { seat, move };
  }
  return { state, last };
}

interface Progress {
  readonly index: number;
  readonly state: unknown;
  /** 'doing': waiting for the step's move; 'done': the move is played, the step's lesson shown; 'over': the end. */
  readonly phase: 'doing' | 'done' | 'over';
  readonly last: { readonly seat: Seat; readonly move: string } | null;
}

function enter(game: AnyGame, lesson: Lesson, index: number, state: unknown): Progress {
  const step = lesson.steps[index];
  if (!step) return { index: lesson.steps.length, state, phase: 'over', last: null };
  return { index, state: step.start ? step.start(game) : state, phase: 'doing', last: null };
}

export function LearnPage({ gameId }: { gameId: string }) {
  const { lang, t } = useT();
  const [module, setModule] = useState<TableModule | null>(null);
  const [lesson, setLesson] = useState<Lesson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = LESSONS[gameId];
  useEffect(() => {
    if (!load) return;
    Promise.all([loadTable(gameId), load()])
      .then(([m, l]) => {
        setModule(m);
        setLesson(l);
      })
      .catch((e: Error) => setError(e.message));
  }, [gameId, load]);
  if (!load) {
    return (
      <section class="learn-unknown" data-testid="lesson-unknown">
        <h1>{word(lang, 'learn')}</h1>
        {gameId ? <p role="alert">{word(lang, 'unknown', { id: gameId })}</p> : <p>{word(lang, 'choose')}</p>}
        <ul>
          {LESSON_IDS.map((id) => (
            <li key={id}>
              <a href={`#/learn/${id}`} data-testid={`lesson-link-${id}`}>
                {metaOf(id)?.name[lang] ?? id}
              </a>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!module || !lesson) return <p>{t('loading')}</p>;
  return <LessonTable module={module} lesson={lesson} key={gameId} />;
}

function LessonTable({ module, lesson }: { module: TableModule; lesson: Lesson }) {
  const { lang, t } = useT();
  const game = module.game;
  const seat = lesson.seat;
  const meta = metaOf(lesson.gameId);
  const name = meta?.name[lang] ?? lesson.gameId;
  const [progress, setProgress] = useState<Progress>(() => enter(game, lesson, 0, null));
  const [hint, setHint] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const nextButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { index, state, phase } = progress;
  const step = lesson.steps[index];
  const total = lesson.steps.length;
  // The screen-reader mode: each step's instruction and each answer to a move are said; the focus stays put.
  const reader = useReaderMode();
  const announcer = usePageAnnouncer(lang);
  const root = useRef<HTMLElement | null>(null);
  const boardArea = useRef<HTMLDivElement | null>(null);
  useFocusKeeper(root, boardArea);
  const [told, setTold] = useState<LogEntry[]>([]);
  /** Shown, and said in the screen-reader mode (the hint line is then no alert of its own). */
  const tell = (text: string | null): void => {
    setHint(text);
    if (reader && text) announcer.say(text);
  };

  const view = useMemo(() => game.view(state, seat), [game, state, seat]);
  const legal = useMemo(() => (phase === 'doing' ? legalOf(game, state, seat) : []), [game, state, seat, phase]);

  useEffect(() => {
    // In the screen-reader mode the focus stays where the move was made (the field or the board): "next" goes on.
    if (reader) return;
    if (phase === 'done') nextButton.current?.focus();
    else if (phase === 'over') heading.current?.focus();
  }, [phase, index, reader]);

  /** The step's move is played (by the learner, or for them on a skip); the others answer if the lesson goes on from here, or if the step scripts their answer. */
  const after = (move: string): { state: unknown; last: Progress['last'] } => {
    let s = apply(game, state, seat, move);
    let last: Progress['last'] = { seat, move };
    const following = lesson.steps[index + 1];
    if (step && following && (!following.start || step.reply)) {
      const r = replies(game, lesson, step, s);
      s = r.state;
      last = r.last ?? last;
    }
    return { state: s, last };
  };
  const advance = (move: string): void => {
    if (!step) return;
    const r = after(move);
    setHint(null);
    const words = movesInWordsFrom(game, state, [move], lesson.players, lang, seatLabel);
    setTold((old) => [...old, ...words.map((text) => ({ text, group: '', kind: 'move' as const, seat }))]);
    setProgress({ index, state: r.state, phase: 'done', last: r.last });
  };

  const play = (text: string): void => {
    if (!step || phase !== 'doing') return;
    const parsed = game.parseMove(state, seat, text);
    if (!parsed.ok) {
      tell(describeError(parsed.error, lang, game.messages));
      return;
    }
    const move = game.formatMove(state, parsed.value);
    if (!step.accept(move, state, game)) {
      tell(step.hint[lang]);
      return;
    }
    advance(move);
  };

  const next = (): void => {
    setHint(null);
    setProgress(enter(game, lesson, index + 1, state));
  };

  const skip = (): void => {
    if (!step) return;
    if (phase === 'done') return next();
    // Skipping plays the step's move for the learner (a later step may go on from its position), then moves on.
    const move = legalOf(game, state, seat).find((m) => step.accept(m, state, game));
    setHint(null);
    setProgress(enter(game, lesson, index + 1, move ? after(move).state : state));
  };

  const restart = (): void => {
    setHint(null);
    setTold([]);
    setProgress(enter(game, lesson, 0, null));
  };

  // A step that sets up a fresh situation gets a fresh table: no move leads there, so nothing may be animated
  // as if one had (pieces that are not in the new situation were not captured).
  let situation = Math.min(index, total - 1);
  while (situation > 0 && !lesson.steps[situation]?.start) situation--;
  const pace = localStorage.getItem('rt.speed') === 'instant' ? 0 : 380;
  const active = phase === 'doing' && legal.length > 0 ? seat : null;
  // A role or a colour where the game has one ("White", "Sir Gawain"), else "Player 2"; the learner's with "(you)".
  const seatLabel = (s: Seat): string => {
    const name = roleName(game, s, lesson.players, lang) ?? `${lang === 'fr' ? 'Joueur' : 'Player'} ${s + 1}`;
    return s === seat ? `${name} (${word(lang, 'you')})` : name;
  };

  const stepWords =
    phase === 'over' || !step
      ? word(lang, 'finished', { game: name })
      : phase === 'doing'
        ? `${word(lang, 'stepOf', { n: index + 1, m: total })}. ${step.title[lang]}. ${step.say[lang]}`
        : `${told[told.length - 1]?.text ?? ''} ${step.done[lang]} ${word(lang, 'typeNext')}`.trim();
  useSayOnChange(`${index}|${phase}`, stepWords, announcer.say, reader);
  const questions = {
    commands: LESSON_QUESTIONS,
    answer: (id: string): string => {
      if (id === 'step') return stepWords;
      if (phase !== 'done') return phase === 'over' ? stepWords : word(lang, 'notYet');
      next();
      return '';
    },
  };
  return (
    <section
      ref={root}
      class={`play learn game-${game.id}${reader ? ' reader' : ''}`}
      data-testid="lesson"
      data-game={game.id}
      data-step={Math.min(index + 1, total)}
      data-steps={total}
      data-phase={phase}
      style={{ '--pace': `${pace}ms` }}
    >
      <div class="play-head">
        <h1 ref={heading} tabIndex={-1}>
          {word(lang, 'learn')} — {name}
        </h1>
        {phase !== 'over' && (
          <p class="learn-progress" data-testid="lesson-progress">
            <span>{word(lang, 'stepOf', { n: index + 1, m: total })}</span>
            <progress max={total} value={index + (phase === 'done' ? 1 : 0)} aria-hidden="true" />
          </p>
        )}
        <div class="actions">
          {phase !== 'over' && (
            <button type="button" onClick={skip} data-testid="lesson-skip">
              {word(lang, 'skip')}
            </button>
          )}
          <a class="button" href={`#/rules/${game.id}`}>
            {t('rules')}
          </a>
          <a class="button" href="#/" data-testid="lesson-leave">
            {word(lang, 'leave')}
          </a>
        </div>
      </div>
      <div class="play-body">
        <div class="board-area" ref={boardArea} tabIndex={-1}>
          <module.Table
            key={situation}
            game={game}
            view={view}
            viewer={seat}
            active={active}
            legal={legal}
            play={play}
            refuse={tell}
            lastMove={progress.last}
            lang={lang}
            seatLabel={seatLabel}
            players={lesson.players}
          />
        </div>
        <aside class="side learn-panel" aria-labelledby="learn-step-title">
          {step ? (
            <div data-testid="lesson-step" aria-live={reader ? 'off' : 'polite'}>
              <h2 id="learn-step-title">{step.title[lang]}</h2>
              <p class="learn-say" data-testid="lesson-say">
                {step.say[lang]}
              </p>
              {phase === 'done' && (
                <>
                  <p class="learn-done" role="status" data-testid="lesson-done">
                    <span aria-hidden="true">✓ </span>
                    {step.done[lang]}
                  </p>
                  <button type="button" class="primary" ref={nextButton} onClick={next} data-testid="lesson-next">
                    {index + 1 < total ? word(lang, 'next') : word(lang, 'finish')}
                  </button>
                </>
              )}
            </div>
          ) : null}
          {/* Why a move is not the one asked for (or why the rules refuse it): beside the step on a wide screen, at the foot of the screen on a phone. */}
          <p
            class={`reason learn-hint${hint ? ' shown' : ''}`}
            {...(reader ? {} : { role: 'alert' })}
            data-testid="lesson-hint"
          >
            {hint ?? ''}
          </p>
          {!step && (
            <div class="learn-end" data-testid="lesson-end">
              <h2 id="learn-step-title">{word(lang, 'finished', { game: name })}</h2>
              <div class="actions">
                <button
                  type="button"
                  class="primary"
                  onClick={() => navigate(`/new/${game.id}`)}
                  data-testid="lesson-play"
                >
                  {word(lang, 'nowPlay')}
                </button>
                <a class="button" href={`#/rules/${game.id}`}>
                  {word(lang, 'readRules')}
                </a>
                <button type="button" onClick={restart} data-testid="lesson-again">
                  {word(lang, 'again')}
                </button>
              </div>
            </div>
          )}
          <h2 class="learn-steps-title">{word(lang, 'steps')}</h2>
          <ol class="learn-steps">
            {lesson.steps.map((s, i) => (
              <li
                key={i}
                class={i < index || (i === index && phase === 'done') ? 'passed' : i === index ? 'current' : ''}
                aria-current={i === index ? 'step' : undefined}
              >
                {s.title[lang]}
              </li>
            ))}
          </ol>
          {reader && (
            <PageReader
              game={game}
              view={view}
              viewer={seat}
              players={lesson.players}
              lang={lang}
              status={stepWords}
              log={told}
              legal={legal}
              name={seatLabel}
              play={play}
              canPlay={active !== null}
              questions={questions}
              announcer={announcer}
            />
          )}
          {!reader && active !== null && (
            <form
              class="move-input"
              onSubmit={(e) => {
                e.preventDefault();
                if (typed.trim()) play(typed.trim());
                setTyped('');
              }}
            >
              <label>
                {word(lang, 'typeMove')}
                <input
                  value={typed}
                  onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
                  data-testid="lesson-move-input"
                  autoComplete="off"
                  spellcheck={false}
                />
              </label>
              <button type="submit">{word(lang, 'send')}</button>
            </form>
          )}
        </aside>
      </div>
    </section>
  );
}
