/**
 * Words for a screen reader (issue 34, "every game by ear and by keyboard", after lichess's blind mode).
 *
 * API, for every front door (the terminal's `--plain` mode, the web's screen-reader mode and its aria-labels):
 *
 * - `game.speech?: GameSpeech<V>`, optional on the game interface like `narrate`, each game's in its own
 *   `packages/games/<id>/src/speech.ts`. Pure, built from one viewer's view only, so it can never tell a secret.
 * - `speech.name(view, id, lang)`: one thing of the view in words: a square ("C6, white knight", "D9, empty"), a
 *   card ("red 3", "Riposte (action)", "Maiden, support 6"), a quest, a token. `id` is the id the view itself uses
 *   (a Camelot square "C6", a joust card instance "red-4.3"), the same ids `LogEntry.refs` carries; null when the
 *   id is nothing this view shows (a card in someone else's hand is never named).
 * - `speech.things(view)`: every id `name` answers for in this view (what a table can label).
 * - `speech.commands`: the game's queries, each with its words in both languages and its help.
 * - `speech.ask(view, text, input)`: answers a typed query ("where mine", "square C6", "main") in a sentence or a
 *   few, or null when the text is none of the game's queries (then it may be a move or a front door's command).
 *   A query understood with a bad argument answers `{ error: true, text: "There is no square Z9…" }`. Both
 *   languages are always understood; the answer is in `input.lang`.
 * - Front-door queries that need the match rather than a view (whose turn, last move, clocks, repeat, help) are
 *   not the game's: `FRONT_QUERIES` lists their words and `frontQueryOf(text)` reads them, for every front door.
 * - `parseQuery(commands, text)` and `queryHelp(commands, lang)` read and list any such set of commands;
 *   `overview(speech, view, input)` answers the queries marked `overview`: the whole table in words.
 */
import type { Lang } from './errors.ts';
import type { Localized, Seat, Viewer } from './seat.ts';

/** One query a player can type. */
export interface SpeechCommand {
  /** Stable id ("pieces", "square", "hand"), the same in every language. */
  readonly id: string;
  /**
   * The words that call it, in both languages (each understood whatever the interface's language); the first of
   * a language is the one its help shows. Compared without case or accents ("règles" = "regles").
   */
  readonly words: { readonly [L in Lang]: readonly string[] };
  /** What follows the word, for the help ("<square>", "<case>"), if anything. */
  readonly args?: Localized;
  /** One line of help. */
  readonly help: Localized;
  /**
   * True for the queries that together give the whole table in words, answered one after the other when a front
   * door is asked for the board ("board", "plateau") in a screen-reader mode.
   */
  readonly overview?: boolean;
}

/** An answer to a query: one sentence or a few, for a screen reader. */
export interface SpeechAnswer {
  readonly text: string;
  /** The things the answer names (squares, card ids), for a table that marks them; never a hidden id. */
  readonly refs?: readonly string[];
  /** True when the query was understood but not its argument (an unknown square): `text` says what was wrong. */
  readonly error?: true;
}

/** What a front door gives a game's `ask` besides the view. */
export interface SpeechInput {
  /** Whose view it is; "mine" and "theirs" are from this seat (a spectator has no "mine"). */
  readonly viewer: Viewer;
  readonly lang: Lang;
  readonly players: number;
  /** The name to use for a seat ("Alice", "Black"); the game's own seat names when absent. */
  readonly name?: (seat: Seat) => string;
}

/** A game's words for a screen reader: see the top of this file. */
export interface GameSpeech<V> {
  readonly commands: readonly SpeechCommand[];
  name(view: V, id: string, lang: Lang): string | null;
  things(view: V): readonly string[];
  ask(view: V, text: string, input: SpeechInput): SpeechAnswer | null;
}

/** A query read from a line: the command and the words after it (lower case, without accents). */
export interface ParsedQuery {
  readonly command: SpeechCommand;
  readonly args: readonly string[];
}

/** Lower case, accents and surrounding spaces removed: "Règles" → "regles". */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The words of a line, folded; "où sont mes pièces" → ["ou", "sont", "mes", "pieces"]. */
export function foldedWords(text: string): string[] {
  return foldWord(text)
    .split(/[\s,;:!?.]+/)
    .filter((w) => w.length > 0);
}

/**
 * The command a line calls and its arguments, or null. A command word may be several words ("whose turn",
 * "a qui"): the longest match at the start of the line wins.
 */
export function parseQuery(commands: readonly SpeechCommand[], text: string): ParsedQuery | null {
  const words = foldedWords(text);
  if (words.length === 0) return null;
  let best: { command: SpeechCommand; length: number } | null = null;
  for (const command of commands) {
    for (const phrase of [...command.words.en, ...command.words.fr]) {
      const parts = foldedWords(phrase);
      if (parts.length === 0 || parts.length > words.length) continue;
      if (parts.every((p, i) => words[i] === p) && (best === null || parts.length > best.length))
        best = { command, length: parts.length };
    }
  }
  return best ? { command: best.command, args: words.slice(best.length) } : null;
}

/** Help lines for a set of commands in one language: "  square <square>   what is on a square". */
export function queryHelp(commands: readonly SpeechCommand[], lang: Lang): string[] {
  const usage = (c: SpeechCommand) => `${c.words[lang][0] ?? c.id}${c.args ? ` ${c.args[lang]}` : ''}`;
  const width = Math.max(0, ...commands.map((c) => usage(c).length));
  return commands.map((c) => `  ${usage(c).padEnd(width)}   ${c.help[lang]}`);
}

/** The queries a front door answers from the match (not from a view), the same words everywhere. */
export type FrontQuery = 'turn' | 'last' | 'clocks' | 'repeat' | 'log';

export const FRONT_QUERIES: readonly (SpeechCommand & { readonly id: FrontQuery })[] = [
  {
    id: 'turn',
    words: { en: ['turn', 'whose turn', 'who'], fr: ['tour', 'trait', 'qui'] },
    help: { en: 'whose turn it is', fr: 'à qui de jouer' },
  },
  {
    id: 'last',
    words: { en: ['last', 'last move'], fr: ['dernier', 'dernier coup'] },
    help: { en: 'the last move', fr: 'le dernier coup' },
  },
  {
    id: 'clocks',
    words: { en: ['clocks', 'clock', 'time'], fr: ['pendules', 'pendule', 'temps'] },
    help: { en: 'the time left on each clock', fr: 'le temps restant à chaque pendule' },
  },
  {
    id: 'repeat',
    words: { en: ['repeat', 'again'], fr: ['répéter', 'repeter', 'encore'] },
    help: { en: 'say the last lines again', fr: 'redire les dernières lignes' },
  },
  {
    id: 'log',
    words: { en: ['log', 'history'], fr: ['journal', 'historique'] },
    help: { en: 'the last moves in words', fr: 'les derniers coups en mots' },
  },
];

/** The front-door query a line calls, or null. */
export function frontQueryOf(text: string): { readonly query: FrontQuery; readonly args: readonly string[] } | null {
  const parsed = parseQuery(FRONT_QUERIES, text);
  return parsed ? { query: parsed.command.id as FrontQuery, args: parsed.args } : null;
}

/** The whole table in words: the answers of the queries marked `overview`, in order, one text each. */
export function overview<V>(speech: GameSpeech<V>, view: V, input: SpeechInput): string[] {
  return speech.commands
    .filter((c) => c.overview)
    .flatMap((c) => {
      const answer = speech.ask(view, c.words.en[0] ?? c.id, input);
      return answer && !answer.error ? [answer.text] : [];
    });
}
