import { randomBytes } from 'node:crypto';
import { Command, CommanderError, Option } from 'commander';
import { describeError, Match, STRONG_SEED_PREFIX, type AnyGame, type Lang, type Seed } from '@roundtable/core';
import { benchGame, printBench } from './bench.ts';
import { serveEngine } from './engine/serve.ts';
import { DEFAULT_LEVEL, LEVEL_NAMES, levelsHelp, resolveLevel } from './levels.ts';
import { loadRegistry } from './load.ts';
import { cliMessages } from './messages.ts';
import { maxPerftDepth } from './perft.ts';
import { runPerft } from './perft-command.ts';
import { lineSource } from './play/lines.ts';
import { playMatch } from './play/loop.ts';
import { runMenu } from './play/menu.ts';
import { HUMAN, parseSeatKind, type SeatKind } from './play/seats.ts';
import { adapterFor, findGame, type Registry } from './registry.ts';
import { exportCommand, importCommand } from './records/commands.ts';
import { colorWanted } from './terminal/style.ts';
import { terminalWidth, wrapText } from './terminal/wrap.ts';

/**
 * A game at this screen with hidden cards must not be dealt from a seed a player could guess (the clock's last
 * digits could be tried in a second): 128 bits from the OS, as the server's.
 */
function newSeed(): Seed {
  return `${STRONG_SEED_PREFIX}${randomBytes(16).toString('hex')}`;
}

/** Seats a flag can name (`--seat0` … `--seat7`): more than any of our games seats. */
const SEAT_FLAGS = 8;

/** Usage errors (bad flags, unknown game, refused option) end the command with this code, as is the custom. */
const USAGE = 2;

interface GlobalFlags {
  lang: Lang;
  color?: boolean;
  /** `roundtable --plain`: the menu, then the game it starts, for a screen reader (as `play --plain`). */
  plain?: boolean;
}

export async function main(argv: readonly string[]): Promise<number> {
  // A reader that stops listening (`| head`, a closed engine client) ends the session; it is not a crash.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const program = new Command('roundtable')
    .description('Round Table: five Arthurian games in the terminal, and an engine protocol for programs.')
    .addOption(new Option('--lang <lang>', 'language of messages').choices(['en', 'fr']).default('en'))
    .option('--no-color', 'draw without colours (also: NO_COLOR=1)')
    .option('--plain', 'for a screen reader: the menu, then its game in words, nothing drawn (as play --plain)')
    .exitOverride()
    .showSuggestionAfterError();

  // In a terminal a long error (a level list) is broken at spaces, not mid-word; a pipe gets it on one line.
  const usage = (message: string): never =>
    program.error(
      process.stderr.isTTY ? wrapText(`error: ${message}`, terminalWidth(process.stderr)) : `error: ${message}`,
      { exitCode: USAGE, code: 'roundtable.usage' },
    );
  const gameOrFail = (registry: Registry, id: string, lang: Lang): AnyGame =>
    findGame(registry, id) ??
    usage(describeError({ code: 'UNKNOWN_GAME', game: id, known: Object.keys(registry.games) }, lang));

  // Without arguments the menu opens; anything else that is not a command is a typo worth naming.
  program.allowExcessArguments(true).action(async () => {
    if (program.args.length > 0) {
      usage(
        `unknown command "${program.args[0]}" (commands: ${program.commands.map((c) => c.name()).join(', ')}; see --help)`,
      );
    }
    const flags = program.opts<GlobalFlags>();
    const registry = await loadRegistry();
    const lines = lineSource(process.stdin, process.stdout);
    try {
      const choice = await runMenu(registry, lines, process.stdout, flags.lang);
      if (!choice) return;
      const match = Match.create(choice.game, { players: choice.players, options: choice.options, seed: newSeed() });
      if (!match.ok) return usage(describeError(match.error, flags.lang, choice.game.messages));
      await playMatch({
        match: match.value,
        adapter: adapterFor(registry, choice.game),
        seats: choice.seats,
        lines,
        output: process.stdout,
        lang: flags.lang,
        color: !flags.plain && colorWanted(flags.color, process.stdout),
        botDelayMs: process.stdout.isTTY ? 600 : 0,
        ...(flags.plain ? { plain: true } : {}),
      });
    } finally {
      lines.close();
    }
  });

  const play = program
    .command('play')
    .description('play a game in the terminal: humans and bots, hot-seat or against the machine')
    .argument('<game>', 'game id (see `roundtable engine` → {"cmd":"games"})')
    .option('--players <n>', 'number of players')
    .option('--seed <seed>', 'seed of the match (integer or text); random by default')
    .option('--position <string>', 'start from a position string (games that have them)')
    .option('--option <key=value>', 'a game option, repeatable; the value is read as JSON when it can be', collect, [])
    .option('--white <who>', 'Camelot: who plays White (human or a bot level)')
    .option('--black <who>', 'Camelot: who plays Black (human or a bot level)')
    .option('--bot-delay <ms>', 'pause before each bot move (default 600 in a terminal, 0 otherwise)')
    .option(
      '--plain',
      'for a screen reader: no board drawn, no colour, one event a line; "board" tells the table in words, and questions ("help" lists them: whose turn, last move, my pieces, my hand, a square…) are answered in sentences, in English or French (--lang fr)',
    );
  for (let i = 0; i < SEAT_FLAGS; i++) {
    const option = new Option(
      `--seat${i} <who>`,
      `who sits at seat N (--seat0 … --seat${SEAT_FLAGS - 1}): human or a bot level (listed below); default: seat 0 human, the others ${DEFAULT_LEVEL}`,
    );
    play.addOption(i === 0 ? option : option.hideHelp());
  }
  // The levels depend on the game (`book` only where there is a book): `play joust --help` has read the game.
  play.addHelpText('after', ({ command }) =>
    wrapText(levelsHelp(command.args.find((a) => !a.startsWith('-'))), terminalWidth(process.stdout)),
  );
  play.action(async (id: string, flags: Record<string, string | string[] | undefined>) => {
    const global = program.opts<GlobalFlags>();
    const lang = global.lang;
    const registry = await loadRegistry();
    const game = gameOrFail(registry, id, lang);
    const adapter = adapterFor(registry, game);
    const players =
      flags.players === undefined
        ? game.minPlayers
        : (integer(flags.players as string) ??
          usage(`--players must be a whole number, not "${String(flags.players)}"`));
    const match = Match.create(game, {
      players,
      seed: flags.seed === undefined ? newSeed() : parseSeed(flags.seed as string),
      options: parseOptionFlags(flags.option as string[], usage),
      ...(flags.position !== undefined ? { position: flags.position } : {}),
    });
    if (!match.ok) return usage(describeError(match.error, lang, { ...cliMessages, ...game.messages }));

    const seats: SeatKind[] = Array.from({ length: players }, (_, i) =>
      i === 0 ? HUMAN : { kind: 'bot', level: DEFAULT_LEVEL },
    );
    const assign = (flag: string, seat: number, who: string) => {
      if (seat >= players) usage(`${flag}: there is no seat ${seat} in a ${players}-player game`);
      const kind = parseSeatKind(who, DEFAULT_LEVEL, game.id);
      if (!kind.ok) return usage(`${flag}: ${describeError(kind.error, lang, cliMessages)}`);
      seats[seat] = kind.value;
    };
    for (let i = 0; i < SEAT_FLAGS; i++) {
      const who = flags[`seat${i}`];
      if (typeof who === 'string') assign(`--seat${i}`, i, who);
    }
    for (const alias of ['white', 'black']) {
      const who = flags[alias];
      if (typeof who !== 'string') continue;
      const seat = adapter.seatAliases?.[alias];
      if (seat === undefined)
        usage(`--${alias} is for games with a ${alias} side, not ${game.id}; use --seat0, --seat1, …`);
      else assign(`--${alias}`, seat, who);
    }
    const delay =
      flags.botDelay === undefined
        ? process.stdout.isTTY
          ? 600
          : 0
        : (integer(flags.botDelay as string) ?? usage('--bot-delay must be a whole number of milliseconds'));

    const lines = lineSource(process.stdin, process.stdout);
    // `roundtable --plain play …` says it too.
    const plain = flags.plain !== undefined || global.plain === true;
    try {
      await playMatch({
        match: match.value,
        adapter,
        seats,
        lines,
        output: process.stdout,
        lang,
        color: !plain && colorWanted(global.color, process.stdout),
        botDelayMs: delay,
        ...(plain ? { plain: true } : {}),
      });
    } finally {
      lines.close();
    }
  });

  program
    .command('serve')
    .description('start the Round Table server: HTTP + WebSocket + the web client, SQLite in ./data (see --help)')
    .allowUnknownOption(true)
    .helpOption(false)
    .argument('[flags...]', 'server flags: --port, --host, --data, … (roundtable serve --help)')
    .action(async (flags: string[]) => {
      const { main: serve } = await import('@roundtable/server');
      process.exitCode = await serve(flags);
    });

  program
    .command('arena')
    .description(
      'bots against bots, seats rotated: win rates with 95% intervals and Elo (roundtable arena GAME --bots a,b --games N)',
    )
    .allowUnknownOption(true)
    .helpOption(false)
    .argument(
      '[args...]',
      'GAME --bots a,b[,c...] --games N [--ms T | --iterations N] [--players P] [--seed S] [--jsonl FILE] [--json]',
    )
    .action(async (args: string[]) => {
      const registry = await loadRegistry();
      const { arenaCommand } = await import('./arena/command.ts');
      process.exitCode = await arenaCommand(args, (id) => findGame(registry, id));
    });

  program
    .command('bot-connect')
    .description('play a bot account on a server with an engine program (roundtable bot-connect --help)')
    .allowUnknownOption(true)
    .helpOption(false)
    .argument('[args...]', '--engine COMMAND [--server URL] [--token TOKEN] (roundtable bot-connect --help)')
    .action(async (args: string[]) => {
      const { botConnectCommand } = await import('./bot-connect/command.ts');
      process.exitCode = await botConnectCommand(args);
    });

  program
    .command('verify')
    .description(
      'check a finished online match: its seed matches the commitment published at the start, and it replays',
    )
    .allowUnknownOption(true)
    .helpOption(false)
    .argument('[args...]', 'RECORD.json [--commitment HEX] (roundtable verify --help)')
    .action(async (args: string[]) => {
      const registry = await loadRegistry();
      const { verifyCommand } = await import('./verify.ts');
      process.exitCode = verifyCommand(args, (id) => findGame(registry, id));
    });

  program.addCommand(exportCommand(() => program.opts<GlobalFlags>().lang));
  program.addCommand(importCommand(() => program.opts<GlobalFlags>().lang));

  program
    .command('review')
    .description('the computer review of a match, move by move: winning chances, mistakes, better moves (--json)')
    .allowUnknownOption(true)
    .helpOption(false)
    .argument('[args...]', 'RECORD.json [--json] [--nodes N] (roundtable review --help)')
    .action(async (args: string[]) => {
      const registry = await loadRegistry();
      const { reviewCommand } = await import('./review.ts');
      process.exitCode = reviewCommand(args, (id) => findGame(registry, id), program.opts<GlobalFlags>().lang);
    });

  program
    .command('rules')
    .description('print the rules of a game, with our decisions marked (--lang fr for French)')
    .argument('<game>', 'game id')
    .action(async (id: string) => {
      const lang = program.opts<GlobalFlags>().lang;
      const game = gameOrFail(await loadRegistry(), id, lang);
      await (await import('./terminal/pager.ts')).showRules(game, lang);
    });

  program
    .command('engine')
    .description('the JSON-lines engine protocol on stdin/stdout (see apps/cli/PROTOCOL.md)')
    .allowExcessArguments(false)
    .option(
      '--level <level>',
      `level of the bot for requests that name none (default ${DEFAULT_LEVEL}); one a game lacks is refused for that game's requests`,
    )
    .action(async (flags: { level?: string }) => {
      // No game yet: any game's level is taken here, and each request checks it against its own game.
      if (flags.level !== undefined && !resolveLevel(flags.level)) {
        const lang = program.opts<GlobalFlags>().lang;
        usage(
          `--level: ${describeError({ code: 'BAD_LEVEL', level: flags.level, known: LEVEL_NAMES }, lang, cliMessages)}`,
        );
      }
      await serveEngine(
        await loadRegistry(),
        process.stdin,
        process.stdout,
        flags.level !== undefined ? { level: flags.level } : {},
      );
    });

  program
    .command('perft')
    .description('count the leaf positions of the move tree (the contract of move generation)')
    .argument('<game>', 'game id')
    .argument('<depth>', 'depth in plies')
    .option('--position <string>', 'from this position string instead of the start')
    .option('--players <n>', 'number of players')
    .option('--option <key=value>', 'a game option, repeatable', collect, [])
    .option('--seed <seed>', 'seed of the set-up', '1')
    .action(
      async (
        id: string,
        depthText: string,
        flags: { position?: string; players?: string; option: string[]; seed: string },
      ) => {
        const lang = program.opts<GlobalFlags>().lang;
        const registry = await loadRegistry();
        const game = gameOrFail(registry, id, lang);
        const depth = integer(depthText) ?? usage(`the depth must be a whole number, not "${depthText}"`);
        const max = maxPerftDepth(game);
        if (depth < 0 || depth > max) usage(describeError({ code: 'BAD_DEPTH', depth, max }, lang, cliMessages));
        const players =
          flags.players === undefined
            ? game.minPlayers
            : (integer(flags.players) ?? usage('--players must be a whole number'));
        const match = Match.create(game, {
          players,
          seed: parseSeed(flags.seed),
          options: parseOptionFlags(flags.option, usage),
          ...(flags.position !== undefined ? { position: flags.position } : {}),
        });
        if (!match.ok) return usage(describeError(match.error, lang, { ...cliMessages, ...game.messages }));
        const counted = runPerft(match.value, depth, process.stdout);
        if (!counted.ok) usage(describeError(counted.error, lang, { ...cliMessages, ...game.messages }));
      },
    );

  program
    .command('bench')
    .description('random playouts per second and perft speed, per game')
    .option('--games <ids>', 'comma-separated game ids (default: all)')
    .option('--seconds <s>', 'total time budget in seconds, shared by the games', '36')
    .action(async (flags: { games?: string; seconds: string }) => {
      const lang = program.opts<GlobalFlags>().lang;
      const registry = await loadRegistry();
      const ids = flags.games
        ? flags.games
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : Object.keys(registry.games);
      const list = ids.map((id) => gameOrFail(registry, id, lang));
      const seconds = Number(flags.seconds);
      if (!(seconds > 0)) usage(`--seconds must be a positive number, not "${flags.seconds}"`);
      const rows = list.map((game) => {
        process.stderr.write(`bench ${game.id}…\n`);
        return benchGame(game, seconds / list.length);
      });
      printBench(rows, process.stdout);
    });

  // The menu's action takes any words (to name a typo), and commander hands that setting down to every command:
  // a command refuses words it does not take (`roundtable perft camelot 2 extra` is a usage error).
  for (const command of program.commands) command.allowExcessArguments(false);

  // `roundtable help [command]` is `roundtable [command] --help`; an unknown command is named, not helped.
  if (argv[0] === 'help' && argv[1] !== undefined && !program.commands.some((c) => c.name() === argv[1])) {
    process.stderr.write(
      `error: unknown command "${argv[1]}" (commands: ${program.commands.map((c) => c.name()).join(', ')})\n`,
    );
    return USAGE;
  }
  if (argv[0] === 'help' && argv.length > 2) {
    process.stderr.write(`error: "help" takes one command, not ${argv.length - 1} words\n`);
    return USAGE;
  }
  const args = argv[0] === 'help' ? (argv[1] !== undefined ? [argv[1], '--help'] : ['--help']) : [...argv];
  try {
    await program.parseAsync(args, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version end normally; every other parse error is a usage error (already printed by commander).
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.help' || e.code === 'commander.version'
        ? 0
        : USAGE;
    }
    process.stderr.write(`roundtable: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function integer(text: string): number | undefined {
  return /^-?\d+$/.test(text.trim()) ? Number(text) : undefined;
}

function parseSeed(text: string): Seed {
  return integer(text) ?? text;
}

/** `--option heaps=4 --option variant=cam`: values are JSON when they parse (numbers, booleans), else text. */
function parseOptionFlags(flags: readonly string[], usage: (message: string) => never): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const flag of flags) {
    const at = flag.indexOf('=');
    if (at <= 0) usage(`--option expects key=value, not "${flag}"`);
    const value = flag.slice(at + 1);
    let parsed: unknown = value;
    try {
      parsed = JSON.parse(value);
    } catch {
      // not JSON: the text itself
    }
    // Defined, not assigned: `--option __proto__=…` is then an unknown option, not a new prototype.
    Object.defineProperty(options, flag.slice(0, at), {
      value: parsed,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return options;
}
