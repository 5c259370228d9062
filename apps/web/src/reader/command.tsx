import { useState } from 'preact/hooks';
import { parseQuery, type AnyGame, type Lang, type Seat, type SpeechCommand } from '@roundtable/core';
import type { SocialState, Snapshot } from '../session/types.ts';
import { formatLeft, timeLeft } from '../social/table-words.ts';
import { colon } from '../i18n.ts';
import { rw } from './words.ts';
import { askFront, gameSpeech, helpLines } from './queries.ts';

/** What the command field reads of a match: a table's snapshot, or a page's board (analysis, puzzle, lesson). */
export type CommandSnapshot = Pick<Snapshot, 'legal' | 'log' | 'seats' | 'viewer' | 'players'>;

/** A page's own questions (the engine's evaluation, the comment…): their words, and the answer to each. */
export interface PageQuestions {
  readonly commands: readonly SpeechCommand[];
  answer(id: string): string;
}

/**
 * The command field of the screen-reader mode (as lichess's blind mode has): a move in the game's notation, or a
 * query answered in words through the announcer (whose turn, the last move, clocks, the legal moves, and each
 * game's own: what is on a square, my hand, the quest board…). The focus stays in the field after each line.
 */
export function CommandField({
  game,
  snap,
  view,
  lang,
  status,
  name,
  clocks,
  announcer,
  play,
  canPlay,
  questions,
}: {
  game: AnyGame;
  snap: CommandSnapshot;
  view: unknown;
  lang: Lang;
  status: string;
  name: (seat: Seat) => string;
  clocks: SocialState | null;
  announcer: { say: (text: string) => void; again: () => void };
  play: (move: string) => void;
  canPlay: boolean;
  questions?: PageQuestions;
}) {
  const [line, setLine] = useState('');
  const run = (typed: string): void => {
    const front = askFront(typed, lang);
    if (front !== null) {
      if (front === 'repeat') return announcer.again();
      if (front === 'help') return announcer.say(helpLines(game, lang, questions?.commands).join(' '));
      if (front === 'turn') return announcer.say(status);
      if (front === 'moves')
        return announcer.say(
          canPlay && snap.legal.length > 0
            ? `${rw(lang, 'moves')}${colon(lang)} ${snap.legal.join(', ')}.`
            : rw(lang, 'noMoves'),
        );
      if (front === 'last') {
        const last = [...snap.log].reverse().find((e) => e.kind === 'move');
        return announcer.say(last ? last.text : rw(lang, 'noLast'));
      }
      if (front === 'log')
        return announcer.say(
          snap.log
            .slice(-8)
            .map((e) => e.text)
            .join(' ') || rw(lang, 'noLast'),
        );
      if (front === 'clocks') {
        if (!clocks) return announcer.say(rw(lang, 'noClocks'));
        const now = Date.now() - clocks.offset;
        const parts = snap.seats
          .map((_, s) => {
            const left = timeLeft(clocks.clock, s, now);
            return left ? `${name(s)}${colon(lang)} ${formatLeft(left.ms, lang)}` : null;
          })
          .filter(Boolean);
        return announcer.say(parts.length > 0 ? `${parts.join(', ')}.` : rw(lang, 'noClocks'));
      }
    }
    const asked = questions ? parseQuery(questions.commands, typed) : null;
    if (questions && asked) {
      // An answer may be an act whose result the page tells itself (a lesson's "next"): then nothing to add.
      const answer = questions.answer(asked.command.id);
      if (answer) announcer.say(answer);
      return;
    }
    const speech = gameSpeech(game);
    if (speech && view !== null) {
      const answer = speech.ask(view, typed, { viewer: snap.viewer, lang, players: snap.players, name });
      if (answer) return announcer.say(answer.text);
    }
    if (canPlay) return play(typed);
    announcer.say(rw(lang, 'unknown'));
  };
  return (
    <form
      class="move-input command-field"
      onSubmit={(e) => {
        e.preventDefault();
        const typed = line.trim();
        setLine('');
        if (typed) run(typed);
      }}
    >
      <label>
        {rw(lang, 'command')}
        <input
          value={line}
          onInput={(e) => setLine((e.target as HTMLInputElement).value)}
          data-testid="command"
          autoComplete="off"
          spellcheck={false}
          aria-describedby="command-help"
        />
      </label>
      <button type="submit">{rw(lang, 'send')}</button>
      <button type="button" class="hear-again" onClick={announcer.again} data-testid="hear-again">
        {rw(lang, 'hearAgain')}
      </button>
      <p id="command-help" class="hint-muted">
        {rw(lang, 'commandHelp')}
      </p>
    </form>
  );
}
