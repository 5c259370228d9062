import type { Writable } from 'node:stream';
import { describeError, type AnyGame, type Lang, type OptionSpec } from '@roundtable/core';
import { ratingsLine } from '@roundtable/ai';
import { DEFAULT_LEVEL, LEVEL_NAMES } from '../levels.ts';
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
    seats: `Who sits at each seat: human, or a bot (${LEVEL_NAMES.join(', ')}).`,
    seat: (name: string) => `  ${name}`,
    option: 'Options (press Enter to keep the default):',
    again: 'Please answer again.',
    yes: ['y', 'yes', 'true', '1'],
    no: ['n', 'no', 'false', '0'],
    yesNo: 'y/n',
  },
  fr: {
    title: 'Round Table — choisissez un jeu :',
    game: 'Numéro du jeu',
    players: (min: number, max: number) => `Nombre de joueurs (${min}–${max})`,
    seats: `Qui s'assied à chaque place : humain, ou un bot (${LEVEL_NAMES.join(', ')}).`,
    seat: (name: string) => `  ${name}`,
    option: 'Options (Entrée pour garder la valeur par défaut) :',
    again: 'Merci de répondre à nouveau.',
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
  const ask = async <T>(
    question: string,
    fallback: string,
    read: (answer: string) => T | undefined,
  ): Promise<T | null> => {
    for (;;) {
      const answer = await lines.read(`${question} [${fallback}]: `);
      if (answer === null) return null;
      const value = read(answer === '' ? fallback : answer);
      if (value !== undefined) return value;
      say(w.again);
    }
  };

  const list = Object.values(registry.games);
  say(w.title);
  list.forEach((g, i) =>
    say(
      `  ${i + 1}. ${g.name[lang]} (${g.minPlayers === g.maxPlayers ? g.minPlayers : `${g.minPlayers}–${g.maxPlayers}`})`,
    ),
  );
  const game = await ask(w.game, '1', (a) => list[Number(a) - 1] ?? list.find((g) => g.id === a.toLowerCase()));
  if (!game) return null;

  let players = game.minPlayers;
  if (game.maxPlayers > game.minPlayers) {
    const chosen = await ask(w.players(game.minPlayers, game.maxPlayers), String(game.minPlayers), (a) => {
      const n = Number(a);
      return Number.isInteger(n) && n >= game.minPlayers && n <= game.maxPlayers ? n : undefined;
    });
    if (chosen === null) return null;
    players = chosen;
  }

  say(ratingsLine(game.id, lang));
  const seats: SeatKind[] = [];
  say(w.seats);
  for (let seat = 0; seat < players; seat++) {
    const kind = await ask(w.seat(game.seatName(seat, players, lang)), seat === 0 ? 'human' : DEFAULT_LEVEL, (a) => {
      const parsed = parseSeatKind(a, DEFAULT_LEVEL);
      if (!parsed.ok) say(describeError(parsed.error, lang, cliMessages));
      return parsed.ok ? parsed.value : undefined;
    });
    if (kind === null) return null;
    seats.push(kind);
  }

  const options: Record<string, unknown> = {};
  if (game.options.length > 0) say(w.option);
  for (const spec of game.options) {
    // The choices one to a line (numbered: a number is an answer too), so the question itself stays short.
    if (spec.kind === 'choice') spec.choices.forEach((c, i) => say(`    ${i + 1}. ${c.value} — ${c.label[lang]}`));
    const value = await ask(`  ${spec.label[lang]}${hint(spec, lang)}`, defaultText(spec, players), (a) =>
      readAnswer(spec, a, lang),
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
