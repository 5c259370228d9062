import type { Writable } from 'node:stream';
import { describeError, type AnyGame, type Lang, type OptionSpec } from '@roundtable/core';
import { ratingsLine } from '@roundtable/ai';
import { DEFAULT_LEVEL, levelsFor } from '../levels.ts';
import { cliMessages } from '../messages.ts';
import type { Registry } from '../registry.ts';
import { terminalWidth, wrapText } from '../terminal/wrap.ts';
import type { LineSource } from './lines.ts';
import { HUMAN, parseSeatKind, type SeatKind } from './seats.ts';

export interface MenuChoice {
  readonly game: AnyGame;
  readonly players: number;
  readonly seats: readonly SeatKind[];
  readonly options: Record<string, unknown>;
}

const words = {
  en: {
    title: 'Round Table — choose a game:',
    game: 'Game number',
    players: (min: number, max: number) => `Number of players (${min}–${max})`,
    seats: (levels: readonly string[]) => `Who sits at each seat: human, or a bot (${levels.join(', ')}).`,
    seat: (name: string) => `  ${name}`,
    option: 'Options (press Enter to keep the default):',
    again: (answer: string, valid: string) => `"${answer}" is not an answer here: type ${valid}.`,
    gameNumber: (n: number, ids: string) => `a number from 1 to ${n}, or a game's id (${ids})`,
    whole: (min: number, max: number) => `a whole number from ${min} to ${max}`,
    seatKind: (levels: readonly string[]) => `human, or a bot level (${levels.join(', ')})`,
    yesOrNo: 'y or n',
    choiceOf: (n: number, values: string) => `a number from 1 to ${n}, or one of ${values}`,
    yes: ['y', 'yes', 'true', '1'],
    no: ['n', 'no', 'false', '0'],
    yesNo: 'y/n',
  },
  fr: {
    title: 'Round Table — choisissez un jeu\u00a0:',
    game: 'Numéro du jeu',
    players: (min: number, max: number) => `Nombre de joueurs (${min}–${max})`,
    seats: (levels: readonly string[]) =>
      `Qui s’assied à chaque place\u00a0: humain, ou un bot (${levels.join(', ')}).`,
    seat: (name: string) => `  ${name}`,
    option: 'Options (Entrée pour garder la valeur par défaut)\u00a0:',
    again: (answer: string, valid: string) => `«\u00a0${answer}\u00a0» ne convient pas ici\u00a0: tapez ${valid}.`,
    gameNumber: (n: number, ids: string) => `un nombre de 1 à ${n}, ou l’identifiant d’un jeu (${ids})`,
    whole: (min: number, max: number) => `un nombre entier de ${min} à ${max}`,
    seatKind: (levels: readonly string[]) => `humain, ou un niveau de bot (${levels.join(', ')})`,
    yesOrNo: 'o ou n',
    choiceOf: (n: number, values: string) => `un nombre de 1 à ${n}, ou l’une des valeurs ${values}`,
    yes: ['o', 'oui', 'y', 'yes', 'true', '1'],
    no: ['n', 'non', 'no', 'false', '0'],
    yesNo: 'o/n',
  },
} as const;

/**
 * The menu of `roundtable` without arguments: a game from the registry, the number of players when it may vary,
 * who sits at each seat, and the game's options with their defaults offered. Null if the input ends.
 */
export async function runMenu(
  registry: Registry,
  lines: LineSource,
  output: Writable,
  lang: Lang,
): Promise<MenuChoice | null> {
  const w = words[lang];
  const width = terminalWidth(output as { columns?: number; isTTY?: boolean });
  const say = (line: string) => output.write(`${wrapText(line, width)}\n`);
  // A refused answer is told back with what would do, so the question can be answered at the next try.
  const ask = async <T>(
    question: string,
    fallback: string,
    read: (answer: string) => T | undefined,
    valid: string,
  ): Promise<T | null> => {
    for (;;) {
      const answer = await lines.read(`${question} [${fallback}]${lang === 'fr' ? '\u00a0:' : ':'} `);
      if (answer === null) return null;
      const value = read(answer === '' ? fallback : answer);
      if (value !== undefined) return value;
      say(w.again(answer.trim().slice(0, 40), valid));
    }
  };

  const list = Object.values(registry.games);
  say(w.title);
  list.forEach((g, i) =>
    say(
      `  ${i + 1}. ${g.name[lang]} (${g.minPlayers === g.maxPlayers ? g.minPlayers : `${g.minPlayers}–${g.maxPlayers}`})`,
    ),
  );
  const game = await ask(
    w.game,
    '1',
    (a) => list[Number(a) - 1] ?? list.find((g) => g.id === a.trim().toLowerCase()),
    w.gameNumber(list.length, list.map((g) => g.id).join(', ')),
  );
  if (!game) return null;

  let players = game.minPlayers;
  if (game.maxPlayers > game.minPlayers) {
    const chosen = await ask(
      w.players(game.minPlayers, game.maxPlayers),
      String(game.minPlayers),
      (a) => {
        const n = Number(a);
        return Number.isInteger(n) && n >= game.minPlayers && n <= game.maxPlayers ? n : undefined;
      },
      w.whole(game.minPlayers, game.maxPlayers),
    );
    if (chosen === null) return null;
    players = chosen;
  }

  say(ratingsLine(game.id, lang));
  const seats: SeatKind[] = [];
  // Only this game's levels: `book` is offered where a book is.
  const levels = levelsFor(game.id);
  say(w.seats(levels));
  for (let seat = 0; seat < players; seat++) {
    const kind = await ask(
      w.seat(game.seatName(seat, players, lang)),
      seat === 0 ? 'human' : DEFAULT_LEVEL,
      (a) => {
        const parsed = parseSeatKind(a, DEFAULT_LEVEL, game.id);
        return parsed.ok ? parsed.value : undefined;
      },
      w.seatKind(levels),
    );
    if (kind === null) return null;
    seats.push(kind);
  }

  const options: Record<string, unknown> = {};
  if (game.options.length > 0) say(w.option);
  for (const spec of game.options) {
    // The choices one to a line (numbered: a number is an answer too), so the question itself stays short.
    if (spec.kind === 'choice') spec.choices.forEach((c, i) => say(`    ${i + 1}. ${c.value} — ${c.label[lang]}`));
    const value = await ask(
      `  ${spec.label[lang]}${hint(spec, lang)}`,
      defaultText(spec, players),
      (a) => readAnswer(spec, a, lang),
      validAnswers(spec, lang),
    );
    if (value === null) return null;
    options[spec.key] = value;
  }
  // The game has the last word on options that depend on each other.
  const checked = game.parseOptions(options, players);
  if (!checked.ok) {
    say(describeError(checked.error, lang, { ...cliMessages, ...game.messages }));
    return runMenu(registry, lines, output, lang);
  }
  return { game, players, seats: seats.length > 0 ? seats : [HUMAN], options };
}

function defaultText(spec: OptionSpec, players: number): string {
  switch (spec.kind) {
    case 'boolean':
      return spec.default ? 'yes' : 'no';
    case 'integer':
      return String(typeof spec.default === 'function' ? spec.default(players) : spec.default);
    case 'choice':
      return spec.default;
  }
}

/** What an option's question takes, for the line that answers a refused answer. */
function validAnswers(spec: OptionSpec, lang: Lang): string {
  const w = words[lang];
  switch (spec.kind) {
    case 'boolean':
      return w.yesOrNo;
    case 'integer':
      return w.whole(spec.min, spec.max);
    case 'choice':
      return w.choiceOf(spec.choices.length, spec.choices.map((c) => c.value).join(', '));
  }
}

function hint(spec: OptionSpec, lang: Lang): string {
  switch (spec.kind) {
    case 'boolean':
      return ` (${words[lang].yesNo})`;
    case 'integer':
      return ` (${spec.min}–${spec.max})`;
    case 'choice':
      return '';
  }
}

function readAnswer(spec: OptionSpec, answer: string, lang: Lang): boolean | number | string | undefined {
  const a = answer.trim().toLowerCase();
  switch (spec.kind) {
    case 'boolean':
      return (words[lang].yes as readonly string[]).includes(a)
        ? true
        : (words[lang].no as readonly string[]).includes(a)
          ? false
          : undefined;
    case 'integer': {
      const n = Number(a);
      return Number.isInteger(n) && n >= spec.min && n <= spec.max ? n : undefined;
    }
    case 'choice':
      return spec.choices.find((c) => c.value.toLowerCase() === a)?.value ?? spec.choices[Number(a) - 1]?.value;
  }
}
