import {
  FRONT_QUERIES,
  foldWord,
  parseQuery,
  queryHelp,
  type AnyGame,
  type FrontQuery,
  type GameSpeech,
  type Lang,
  type SpeechCommand,
} from '@roundtable/core';

/**
 * The web's own queries, beside the front-door ones every front door shares (`FRONT_QUERIES`): the legal moves
 * (the terminal's `hints`) and the list of commands.
 */
const WEB_QUERIES: readonly (SpeechCommand & { readonly id: 'moves' | 'help' })[] = [
  {
    id: 'moves',
    words: { en: ['moves', 'hints'], fr: ['coups', 'indices'] },
    help: { en: 'the moves you may play now', fr: 'les coups que vous pouvez jouer maintenant' },
  },
  {
    id: 'help',
    words: { en: ['help', 'commands'], fr: ['aide', 'commandes'] },
    help: { en: 'this list of commands', fr: 'cette liste des commandes' },
  },
];

export type WebQuery = FrontQuery | 'moves' | 'help';

/** The front-door or web query a line calls, or null (then it is a game's query or a move). */
export function askFront(line: string, _lang: Lang): WebQuery | null {
  const parsed = parseQuery([...FRONT_QUERIES, ...WEB_QUERIES], line);
  return parsed ? (parsed.command.id as WebQuery) : null;
}

/** A game's words for a screen reader, if it has them. */
export function gameSpeech(game: AnyGame): GameSpeech<unknown> | null {
  return (game.speech as GameSpeech<unknown> | undefined) ?? null;
}

/** Every command the field understands, in one language: what to type and what it answers. */
export function commandRows(game: AnyGame, lang: Lang): { usage: string; help: string }[] {
  const own = gameSpeech(game)?.commands ?? [];
  return [...FRONT_QUERIES, ...WEB_QUERIES, ...own].map((c) => {
    // The interface language's words first, then the other's; a word written without its accents is the same word.
    const words = new Map<string, string>();
    for (const word of [...c.words[lang], ...c.words[lang === 'en' ? 'fr' : 'en']])
      if (!words.has(foldWord(word))) words.set(foldWord(word), word);
    return {
      usage: `${[...words.values()].slice(0, 3).join(', ')}${c.args ? ` ${c.args[lang]}` : ''}`,
      help: c.help[lang],
    };
  });
}

/** Every command the field understands, in one language: the shared ones, then the game's own. */
export function helpLines(game: AnyGame, lang: Lang, page: readonly SpeechCommand[] = []): string[] {
  const own = gameSpeech(game)?.commands ?? [];
  return queryHelp([...FRONT_QUERIES, ...WEB_QUERIES, ...page, ...own], lang).map(
    (l) => `${l.trim().replace(/\s{2,}/, ': ')}.`,
  );
}
