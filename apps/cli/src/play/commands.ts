import type { Lang } from '@roundtable/core';

/** The terminal's own commands, whatever word was typed for them. */
export type CommandName = 'help' | 'hints' | 'board' | 'record' | 'rules' | 'undo' | 'quit';

/**
 * Every word that names a command, in English and French, with the obvious synonyms ("hint" is read as
 * "hints"). Both languages are always understood; help shows the words of the language chosen. No word here
 * is a move in any game's notation.
 */
const WORDS: Readonly<Record<CommandName, readonly string[]>> = {
  help: ['help', '?', 'aide', 'commands', 'commandes'],
  hints: ['hints', 'hint', 'moves', 'legal', 'coups', 'indice', 'indices'],
  board: ['board', 'table', 'plateau', 'redraw'],
  record: ['record', 'enregistrement'],
  rules: ['rules', 'rule', 'règles', 'regles', 'règle', 'regle'],
  undo: ['undo', 'takeback', 'annuler', 'reprendre'],
  quit: ['quit', 'exit', 'quitter', 'sortir'],
};

const BY_WORD = new Map<string, CommandName>(
  Object.entries(WORDS).flatMap(([name, words]) => words.map((w) => [w, name as CommandName] as const)),
);

/** The command a word names, or undefined (then the line is a move or a game's own command). */
export function commandOf(word: string): CommandName | undefined {
  return BY_WORD.get(word.toLowerCase());
}

/** The word shown for a command in a language (French players type "aide", "coups"…). */
export function commandWord(name: CommandName, lang: Lang): string {
  return lang === 'fr' ? FR[name] : name;
}

const FR: Readonly<Record<CommandName, string>> = {
  help: 'aide',
  hints: 'coups',
  board: 'plateau',
  record: 'enregistrement',
  rules: 'règles',
  undo: 'annuler',
  quit: 'quitter',
};

/**
 * French words for the games' own commands (`carte so11`, `pourquoi K4`), turned into the English word the
 * adapters read. The first word of a line only; a word that is also a move word is never listed.
 */
const GAME_WORDS: Readonly<Record<string, string>> = {
  carte: 'card',
  cartes: 'cards',
  chevaliers: 'knights',
  pouvoirs: 'powers',
  pourquoi: 'why',
  interdites: 'illegal',
};

/** The line with its first word in the adapters' English ("coups F6" → "hints F6", "carte x" → "card x"). */
export function canonicalLine(line: string): string {
  const m = /^(\S+)(.*)$/s.exec(line.trim());
  if (!m) return line;
  const word = (m[1] as string).toLowerCase();
  // Own keys only: a typed "constructor" is not a command word.
  const english = commandOf(word) ?? (Object.hasOwn(GAME_WORDS, word) ? GAME_WORDS[word] : undefined);
  return english ? `${english}${m[2] as string}` : line;
}

/** The French word for a game command's usage line ("card <id>" → "carte <id>"). */
export function localUsage(usage: string, lang: Lang): string {
  if (lang !== 'fr') return usage;
  const [first = '', ...rest] = usage.split(' ');
  const fr =
    Object.entries(GAME_WORDS).find(([, en]) => en === first)?.[0] ??
    (commandOf(first) ? FR[commandOf(first) as CommandName] : undefined);
  return fr ? [fr, ...rest].join(' ') : usage;
}
