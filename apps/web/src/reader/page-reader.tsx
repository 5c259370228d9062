import { useEffect, useRef } from 'preact/hooks';
import {
  headline,
  moveInWords,
  type AnyGame,
  type Lang,
  type LogEntry,
  type Seat,
  type Viewer,
} from '@roundtable/core';
import { AnnouncerRegion, useAnnouncer } from './announcer.tsx';
import { CommandField, type PageQuestions } from './command.tsx';
import { rw } from './words.ts';

/**
 * Moves from a state, in the log's words, each told to its mover (the engine's best line, a puzzle's answer): one
 * sentence a move, the notation itself where the game has no narrator or a move does not apply.
 */
export function movesInWordsFrom(
  game: AnyGame,
  state: unknown,
  moves: readonly string[],
  players: number,
  lang: Lang,
  name: (seat: Seat) => string,
): string[] {
  const out: string[] = [];
  let s = state;
  for (const move of moves) {
    const seat = game.toMove(s)[0] as Seat | undefined;
    if (seat === undefined) break;
    const told = moveInWords(game, s, seat, move, players, lang, name);
    out.push(told ? (headline(told, seat)?.text ?? move) : `${name(seat)}${lang === 'fr' ? '\u00a0:' : ':'} ${move}.`);
    const parsed = game.parseMove(s, seat, move);
    const next = parsed.ok ? game.play(s, seat, parsed.value) : null;
    if (!next?.ok) break;
    s = next.value;
  }
  return out;
}

/** The announcer of a page with a board but no match (analysis, puzzle, lesson, review): it says what it is told. */
export function usePageAnnouncer(lang: Lang): ReturnType<typeof useAnnouncer> {
  return useAnnouncer(NONE, 'spectator', rw(lang, 'nothingYet'));
}
const NONE: readonly LogEntry[] = [];

/**
 * Says `text` through the announcer once each time `key` changes (a new position, a new step, a verdict); the
 * key rather than the text, so that two positions told in the same words are both told.
 */
export function useSayOnChange(
  key: string | null,
  text: string | null,
  say: (text: string) => void,
  on: boolean,
): void {
  const said = useRef<string | null>(null);
  const sayRef = useRef(say);
  sayRef.current = say;
  useEffect(() => {
    if (!on || key === null || text === null || key === said.current) return;
    said.current = key;
    sayRef.current(text);
  }, [key, text, on]);
}

/**
 * The screen-reader mode's tools on a page with a board: the same command field and live region as the table's,
 * fed with what the page shows (its position, its legal moves, its own questions).
 */
export function PageReader({
  game,
  view,
  viewer,
  players,
  lang,
  status,
  log,
  legal,
  name,
  play,
  canPlay,
  questions,
  announcer,
}: {
  game: AnyGame;
  view: unknown;
  viewer: Viewer;
  players: number;
  lang: Lang;
  status: string;
  log: readonly LogEntry[];
  legal: readonly string[];
  name: (seat: Seat) => string;
  play: (move: string) => void;
  canPlay: boolean;
  questions?: PageQuestions;
  announcer: ReturnType<typeof useAnnouncer>;
}) {
  return (
    <div class="page-reader" data-testid="page-reader">
      <CommandField
        game={game}
        snap={{ legal, log: log.map((e, step) => ({ ...e, step })), seats: [], viewer, players }}
        view={view}
        lang={lang}
        status={status}
        name={name}
        clocks={null}
        announcer={announcer}
        play={play}
        canPlay={canPlay}
        {...(questions ? { questions } : {})}
      />
      <AnnouncerRegion lines={announcer.lines} lang={lang} />
    </div>
  );
}
