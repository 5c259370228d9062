import type { Writable } from 'node:stream';
import { newBotMemory } from '@roundtable/ai';
import {
  createRng,
  describeError,
  frontQueryOf,
  overview,
  type Lang,
  type Match,
  type Outcome,
  type Seat,
  type Viewer,
} from '@roundtable/core';
import { levelFor } from '../levels.ts';
import { cliMessages } from '../messages.ts';
import type { RenderOptions, TerminalAdapter } from '../terminal/adapter.ts';
import { rulesText, pageText } from '../terminal/pager.ts';
import { CLEAR_SCREEN, style } from '../terminal/style.ts';
import { terminalWidth, wrapText } from '../terminal/wrap.ts';
import { canonicalLine, commandOf, localUsage } from './commands.ts';
import { formatHintGroups, groupByVerb, HINT_WORDS } from './hints.ts';
import type { LineSource } from './lines.ts';
import { describeOutcome } from './outcome.ts';
import { MoveLog, type Told } from './narration.ts';
import { DRAWN, frontAnswer, plainText, queryHelpLines, turnWords } from './plain.ts';
import type { SeatKind } from './seats.ts';
import { text } from './text.ts';

export interface PlayConfig {
  readonly match: Match;
  readonly adapter: TerminalAdapter;
  readonly seats: readonly SeatKind[];
  readonly lines: LineSource;
  readonly output: Writable;
  readonly lang: Lang;
  readonly color: boolean;
  /** Pause before a bot moves, so people can follow; 0 in tests. */
  readonly botDelayMs: number;
  /** Columns to fit every line in; by default the terminal's width, else $COLUMNS, else 80. */
  readonly width?: number;
  /** Lines per screen for paging long texts (the rules); paging happens only on a terminal. */
  readonly rows?: number;
  /**
   * For a screen reader (`--plain`): no board drawn but the table in words on request ("board"), no colour, no
   * screen clearing, lines not wrapped, one event a line.
   */
  readonly plain?: boolean;
}

export interface PlayResult {
  /** How the game ended, or null if it was left (quit, end of input, a broken bot). */
  readonly outcome: Outcome | null;
}

/**
 * A game at the terminal, to its end. Humans type moves and commands; bots move by themselves. Only views are
 * ever drawn, never the state: the view of the human to play, or of the only human, or a spectator's. With hidden
 * information and several humans at one screen, the screen is cleared and the next player must press Enter
 * before their view appears.
 */
export async function playMatch(config: PlayConfig): Promise<PlayResult> {
  const { match, adapter, seats, lines, output, lang } = config;
  const game = match.game;
  const t = text(lang);
  const plain = config.plain === true;
  const p = plainText(lang);
  const s = style(config.color && !plain);
  const humans = seats.flatMap((k, seat) => (k.kind === 'human' ? [seat] : []));
  const hideBetweenHumans = adapter.privacyScreen && humans.length > 1;
  const width = config.width ?? terminalWidth(output as { columns?: number; isTTY?: boolean });
  const tty = Boolean((output as { isTTY?: boolean }).isTTY);
  // A screen reader reads a sentence best whole: plain lines are not wrapped, and nothing drawn gets through.
  const say = (line = '') =>
    output.write(
      plain
        ? `${line
            .split('\n')
            .filter((l) => !DRAWN.test(l))
            .join('\n')}\n`
        : `${wrapText(line, width)}\n`,
    );
  const name = (seat: Seat) => game.seatName(seat, match.players, lang);
  const messages = { ...cliMessages, ...game.messages };
  const lastMove = () => match.history[match.history.length - 1]?.move;
  const lastSeat = () => match.history[match.history.length - 1]?.seat;
  // The move log in words. Behind privacy screens each seat reads, once its view is up, what happened since it
  // last looked: the lines all may read and its own details; the seat on screen reads them at once.
  const log = new MoveLog(match, humans, lang, (seat, notation) => t.plays(name(seat), s.bold(notation)));
  const pending = new Map<Seat, string[]>();
  // What the match's bots remember of the table (packages/ai `BotMemory`), dropped with the match.
  const memory = newBotMemory();
  // What was last told, for "last", "repeat" and "log".
  let lastTold: Told = { shared: [], mine: new Map() };
  const logLines: string[] = [];
  let sincePrompt: string[] = [];
  let beforePrompt: string[] = [];
  const heading = (l: string) => l.startsWith('— ') && l.endsWith(' —');
  // A heading read aloud is a word and a colon, not two dashes.
  const headed = (l: string) =>
    heading(l) ? (plain ? `${l.slice(2, -2)}${lang === 'fr' ? '\u00a0:' : ':'}` : s.bold(l)) : l;
  let hinted = false; // plain mode says how to get help once, not before every move
  const report = (told: Told) => {
    if (told.shared.length > 0 || told.mine.size > 0) lastTold = told;
    logLines.push(...told.shared);
    sincePrompt.push(...told.shared);
    const shared = told.shared.map(headed);
    if (!hideBetweenHumans) {
      for (const l of shared) say(l);
      for (const own of told.mine.values()) for (const l of own) say(s.dim(l));
      return;
    }
    for (const h of humans) {
      const lines = [...shared, ...(told.mine.get(h) ?? []).map((l) => s.dim(l))];
      if (h === shownTo) for (const l of lines) say(l);
      else pending.set(h, [...(pending.get(h) ?? []), ...lines]);
    }
  };
  const renderOptions = (viewer: Seat | null, hints?: readonly string[]): RenderOptions => ({
    color: config.color,
    lang,
    viewer,
    humans,
    // With secrets, the last move's notation is shown only to the seat that played it (it may name a card).
    ...(lastMove() !== undefined && (game.perfectInformation || lastSeat() === viewer) ? { lastMove: lastMove() } : {}),
    ...(hints ? { hints } : {}),
    outcome: match.outcome(),
    width,
    ...(plain ? { plain } : {}),
  });
  // In plain mode the board is not drawn: whose turn it is, and the table in words when asked ("board").
  const draw = (viewer: Seat | null, hints?: readonly string[]) =>
    plain
      ? say(turnWords(match.toMove(), viewer, name, lang))
      : say(adapter.render(game.view(match.state, viewer ?? ('spectator' as Viewer)), renderOptions(viewer, hints)));
  const speechInput = (viewer: Seat) => ({ viewer, lang, players: match.players, name });
  /** Whose eyes are on the screen while nobody human is to play. */
  const watcher = (): Seat | null => (humans.length === 1 ? (humans[0] as Seat) : null);

  let shownTo: Seat | null | undefined; // the seat whose view is on screen, for the privacy screen
  let drawn = false; // the current position is already on screen
  // Said under the next board rather than above it, where a tall board would push it off a 24-row screen.
  const underBoard: string[] = [];
  report(log.opening());

  for (;;) {
    const outcome = match.outcome();
    if (outcome) {
      if (!plain && (!hideBetweenHumans || humans.length === 0)) draw(watcher());
      say(s.bold(`${t.gameOver} ${describeOutcome(game, adapter, outcome, match.players, lang)}`));
      const note = adapter.endNote?.(outcome, game.view(match.state, 'spectator' as Viewer), lang);
      if (note) say(s.bold(note));
      return { outcome };
    }
    const seat = match.toMove()[0];
    if (seat === undefined) {
      say(t.stuck);
      return { outcome: null };
    }
    const kind = seats[seat] ?? { kind: 'bot', level: 'random' };

    if (kind.kind === 'bot') {
      if (humans.length === 0 && !drawn) draw(null);
      const moved = await botTurn(seat, kind.level);
      if (!moved) return { outcome: null };
      drawn = false;
      continue;
    }

    if (hideBetweenHumans && shownTo !== seat) {
      if (!plain) output.write(CLEAR_SCREEN);
      const ready = await lines.read(`${t.passScreen(name(seat))} `);
      if (ready === null) return left(t.inputEnded);
      if (!plain) output.write(CLEAR_SCREEN);
      drawn = false;
    }
    if (!drawn) {
      draw(seat);
      for (const l of pending.get(seat) ?? []) say(l);
      pending.delete(seat);
      if (!plain) say(s.dim(t.helpHint));
      else if (!hinted) say(p.hint);
      hinted = true;
      for (const l of underBoard.splice(0)) say(l);
    }
    shownTo = seat;
    drawn = true;

    if (sincePrompt.length > 0) beforePrompt = sincePrompt;
    sincePrompt = [];
    const typed = await lines.read(t.prompt(s.bold(name(seat))));
    if (typed === null) return left(t.inputEnded);
    if (typed === '') continue;
    // A question about the game, answered from this seat's view, or about the match (whose turn, last move…).
    const asked = game.speech?.ask(game.view(match.state, seat), typed, speechInput(seat));
    if (asked) {
      say(asked.text);
      continue;
    }
    const front = frontQueryOf(typed);
    if (front && front.args.length === 0) {
      const last = [...lastTold.shared.filter((l) => !heading(l)), ...(lastTold.mine.get(seat) ?? [])];
      const answer =
        front.query === 'repeat'
          ? beforePrompt.length > 0
            ? beforePrompt.filter((l) => !heading(l)).join('\n')
            : p.nothingToRepeat
          : front.query === 'log'
            ? logLines.length > 0
              ? logLines.slice(-12).map(headed).join('\n')
              : p.noMove
            : frontAnswer(front.query, { toMove: match.toMove(), viewer: seat, last }, name, lang);
      if (answer !== null) {
        say(answer);
        continue;
      }
    }
    // French and synonymous command words read as the English ones ("aide", "coups F6", "hint").
    const line = canonicalLine(typed);
    const legal = match.legalNotation(seat);
    const context = { view: game.view(match.state, seat), seat, legal, options: renderOptions(seat) };
    const own = adapter.command?.(line, context);
    if (own !== undefined && own !== null) {
      say(own);
      continue;
    }
    const [word = '', ...rest] = line.split(/\s+/);
    switch (rest.length === 0 || word === 'hints' ? commandOf(word) : undefined) {
      case 'help':
        for (const l of t.help) say(plain && /^ {2}(board|plateau) /.test(l) ? p.board : l);
        for (const c of adapter.commands ?? []) say(`  ${localUsage(c.usage, lang).padEnd(14)} ${c.help[lang]}`);
        for (const l of queryHelpLines(game, lang)) say(l);
        continue;
      case 'hints':
        if (rest.length === 0) {
          const groups = adapter.groupHints?.(legal, lang) ?? groupByVerb(legal, lang);
          if (legal.length === 0) say(t.noLegalMoves);
          else if (groups.length === 1 && groups[0]?.label === '') say(t.legalMoves(groups[0].moves.join(' ')));
          else {
            say(HINT_WORDS[lang](legal.length, legal[0] as string));
            for (const l of formatHintGroups(groups, width, lang)) say(l);
          }
          continue;
        }
        break; // "hints X" that no adapter understood: let the move parser explain
      case 'board':
        if (plain) {
          const told = game.speech ? overview(game.speech, game.view(match.state, seat), speechInput(seat)) : [];
          for (const l of told.length > 0 ? told : [p.noWords]) say(l);
          say(turnWords(match.toMove(), seat, name, lang));
        } else draw(seat);
        continue;
      case 'record':
        // With secrets, the record would tell what the screen hides: its seed gives the deal (and the traitor),
        // its moves name face-down cards ("give grail @4") and answers to calls. The game is over before it prints.
        if (!game.perfectInformation) say(t.recordAfterEnd);
        else output.write(`${JSON.stringify(match.record())}\n`); // one line, not wrapped: it is for copying
        continue;
      case 'rules': {
        const rules = game.rules
          ? rulesText(game, lang, plain ? Infinity : width, config.color && !plain, plain)
          : t.noRules;
        if (tty && !plain)
          await pageText(
            rules,
            config.rows ?? (output as { rows?: number }).rows ?? 24,
            output,
            (p) => lines.read(p),
            lang,
          );
        else say(rules);
        continue;
      }
      case 'undo':
        undo(seat);
        continue;
      case 'quit':
        return left(t.bye);
      default:
        break;
    }
    const translated = adapter.translateMove?.(line, context) ?? line;
    const snap = log.snapshot();
    const played = match.play(seat, translated);
    if (!played.ok) {
      say(s.red(describeError(played.error, lang, messages)));
      continue;
    }
    report(log.tell(snap, seat, played.value));
    drawn = false;
  }

  function left(message: string): PlayResult {
    say(message);
    return { outcome: null };
  }

  /**
   * Back to before the last human move: in hot-seat one move, against bots the bots' replies as well. With
   * hidden hands at one screen, only `seat`'s own moves made since the screen came to it: another person's move
   * was played out of sight and its player has passed the screen on.
   */
  function undo(seat: Seat): void {
    const history = match.history;
    let i = history.length - 1;
    while (i >= 0 && seats[history[i]?.seat ?? -1]?.kind !== 'human') i--;
    if (i < 0) {
      say(t.nothingToUndo);
      return;
    }
    const mover = history[i]?.seat as Seat;
    if (hideBetweenHumans && mover !== seat) {
      say(t.notYourMove(name(mover)));
      return;
    }
    const undone = match.undo(history.length - i);
    if (!undone.ok) {
      say(s.red(describeError(undone.error, lang, messages)));
      return;
    }
    underBoard.push(t.undone(undone.value));
    pending.clear();
    log.reset();
    drawn = false;
  }

  async function botTurn(seat: Seat, level: string): Promise<boolean> {
    // Seats are read for this game (parseSeatKind); a seat given another way is checked here all the same.
    const resolved = levelFor(level, game.id);
    if (!resolved.ok) {
      say(t.botFailed(name(seat), describeError(resolved.error, lang, messages)));
      return false;
    }
    const bot = resolved.value;
    if (config.botDelayMs > 0) await new Promise((r) => setTimeout(r, config.botDelayMs));
    // Seeded by match and ply, like the engine's `bot` command, so a game replays the same from its seed.
    const rng = createRng(`${String(match.seed)}/bot/${match.ply}/${seat}`);
    // No budget: each level thinks for its own time (easy ≤ 100 ms, medium ~300 ms, strong ~1 s).
    const move = bot.choose({ game, view: game.view(match.state, seat), seat, rng, memory }) ?? null;
    if (move === null) {
      say(t.botFailed(name(seat), describeError({ code: 'NO_MOVE', seat }, lang, messages)));
      return false;
    }
    const snap = log.snapshot();
    const played = match.play(seat, move);
    if (!played.ok) {
      say(t.botFailed(name(seat), describeError(played.error, lang, messages)));
      return false;
    }
    report(log.tell(snap, seat, played.value));
    return true;
  }
}
