/**
 * Do searching loyal knights win more often than random ones against the same traitor? (issue #9)
 *
 *   nice -n 19 npx tsx packages/ai/bench/shadows-loyal.ts --games 20 --players 4,6 --iterations 200 --seed bench
 *
 * For each player count, with a traitor (`loyaltyDeck: sure-traitor`: exactly one traitor in every game) and
 * without (`all-loyal`, which every seat knows), it plays `--games` games with the loyal seats held by the
 * ISMCTS bot and as many with the loyal seats held by the random bot; the traitor seat is always the ISMCTS bot
 * (`--traitor-bot policy`: the rule of thumb, for quick runs; `--loyal policy`: the rule of thumb alone;
 * `--loyal easy,medium,strong --traitor-bot same`: one level in every seat, the traitor's too). On stderr: one
 * line per game, then the Progression of Evil choices by loyalty (how the traitor shows) and the declarations.
 * Budgets are iterations, never time, and every game and move is seeded from `--seed`, so a run replays
 * exactly. Runs on one thread. Prints one line per cell: loyal wins, rate and 95% Wilson interval, how the
 * games ended, plies and time.
 */
import { appendFileSync } from 'node:fs';
import { createRng, type Seat } from '@roundtable/core';
import { kindOf, shadows, type Move, type ShadowsState } from '@roundtable/shadows';
import { newBotMemory, type Bot } from '../src/bot.ts';
import { greedyBot } from '../src/greedy.ts';
import { botFor } from '../src/levels.ts';
import { randomBot } from '../src/random.ts';
import { fixedBudgetBot } from '../src/search-bot.ts';
import { shadowsPolicyBot, shadowsPolicyScores, traitorBelief, watchIn } from '../src/shadows.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

/**
 * `with`: exactly one traitor (`sure-traitor`); `without`: none, and every seat knows it (`all-loyal`); `maybe`:
 * the seed's deck (`players-plus-one`: a traitor in play with chance n/(n+1), nobody knows whether).
 */
type Traitor = 'with' | 'without' | 'maybe';

interface Flags {
  games: number;
  players: number[];
  iterations: number;
  seed: string;
  traitor: Traitor[];
  loyal: string[];
  /**
   * The traitor seat's bot: `ismcts` (the comparison), `policy` (the rule of thumb, for quick runs), or `same`
   * (the loyal seats' bot: one level in every seat).
   */
  traitorBot: string;
  maxPlies: number;
  /** A file to append one JSON line per heroic action and Merlin answer to (the tells' study, BOTS.md). */
  study: string | null;
}

function parseFlags(argv: readonly string[]): Flags {
  const f: Flags = {
    games: 20,
    players: [4, 6],
    iterations: 200,
    seed: 'bench',
    traitor: ['with', 'without'],
    loyal: ['ismcts', 'random'],
    traitorBot: 'ismcts',
    maxPlies: 4000,
    study: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${key} needs a value`);
    i++;
    switch (key) {
      case '--games':
        f.games = Number(value);
        break;
      case '--players':
        f.players = value.split(',').map(Number);
        break;
      case '--iterations':
      case '--budget':
        f.iterations = Number(value);
        break;
      case '--seed':
        f.seed = value;
        break;
      case '--traitor':
        f.traitor =
          value === 'both'
            ? ['with', 'without']
            : value
                .split(',')
                .map((t) => (t === 'without' || t === 'no' ? 'without' : t === 'maybe' ? 'maybe' : 'with'));
        break;
      case '--loyal':
        f.loyal = value.split(',');
        break;
      case '--traitor-bot':
        f.traitorBot = value;
        break;
      case '--study':
        f.study = value;
        break;
      case '--max-plies':
        f.maxPlies = Number(value);
        break;
      default:
        throw new Error(
          `unknown flag ${key} (--games --players --iterations --seed --traitor with,without --loyal ismcts,random,policy,greedy --traitor-bot ismcts|policy --max-plies)`,
        );
    }
  }
  return f;
}

/** The 95% Wilson score interval of `wins` out of `n`. */
function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = wins / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const d = 1 + z2 / n;
  return [Math.max(0, (centre - margin) / d), Math.min(1, (centre + margin) / d)];
}

interface Cell {
  players: number;
  traitor: Traitor;
  loyal: string;
  games: number;
  wins: number;
  reasons: Record<string, number>;
  plies: number;
  /** White and black swords on the table at the end, summed over the games. */
  white: number;
  black: number;
  seconds: number;
  /** Accusations made by loyal knights, and how many named the traitor. */
  accusations: number;
  right: number;
}

function loyalBot(name: string, iterations: number): Bot {
  if (name === 'random') return randomBot;
  if (name === 'greedy') return greedyBot;
  if (name === 'policy') return shadowsPolicyBot;
  if (name === 'ismcts') return fixedBudgetBot(iterations);
  // The levels (easy, medium, strong) as the menus give them, under the bench's iteration budget.
  const level = ['easy', 'medium', 'strong'].includes(name) ? botFor(name) : undefined;
  if (level) return level;
  throw new Error(`unknown loyal bot ${name} (ismcts, random, greedy, policy, easy, medium, strong)`);
}

/** One game: the referee (this loop) knows who the traitor is and hands that seat to the traitor bot. */
function playGame(
  players: number,
  traitor: Traitor,
  loyal: Bot,
  traitorBot: Bot,
  iterations: number,
  seed: string,
  maxPlies: number,
  study: string | null = null,
): {
  loyalWin: boolean;
  reason: string;
  plies: number;
  white: number;
  black: number;
  accusations: number;
  right: number;
  beliefs: string;
} {
  let accusations = 0;
  let right = 0;
  const options = shadows.parseOptions(
    { loyaltyDeck: traitor === 'with' ? 'sure-traitor' : traitor === 'maybe' ? 'players-plus-one' : 'all-loyal' },
    players,
  );
  if (!options.ok) throw new Error(`bad options: ${options.error.code}`);
  const created = shadows.setup({ players, options: options.value, seed });
  if (!created.ok) throw new Error(`set-up failed: ${created.error.code}`);
  let s: ShadowsState = created.value;
  let ply = 0;
  studyGame++;
  const beliefs: string[] = [];
  // The match's bot memory, as a front door keeps it: every seat's decisions read the same watch of the table.
  const memory = newBotMemory();
  const w = watchIn(memory);
  while (!shadows.outcome(s) && ply < maxPlies) {
    const seat = shadows.toMove(s)[0] as Seat;
    const bot = s.knights[seat]!.loyalty === 'traitor' ? traitorBot : loyal;
    const move = bot.choose({
      game: shadows,
      view: shadows.view(s, seat),
      seat,
      rng: createRng(`${seed}/${ply}/${seat}`),
      budget: { iterations },
      memory,
    });
    if (move === null) throw new Error(`${bot.level} found no move at ply ${ply} (${seed})`);
    const parsed = shadows.parseMove(s, seat, move);
    if (!parsed.ok) throw new Error(`${bot.level} wrote an unreadable move ${move}`);
    if (parsed.value.type === 'evil') {
      const key = `${s.knights[seat]!.loyalty} ${s.siege < 5 ? 'siege<5' : 'siege>=5'} ${parsed.value.choice}`;
      evilChoices[key] = (evilChoices[key] ?? 0) + 1;
    }
    if (parsed.value.type === 'declare') {
      const key = `${s.knights[seat]!.loyalty} ${parsed.value.what}`;
      declarations[key] = (declarations[key] ?? 0) + 1;
    }
    if (study) studyLine(s, seat, parsed.value, study);
    if (parsed.value.type === 'accuse' && s.knights[seat]!.loyalty === 'loyal') {
      accusations++;
      if (s.knights[parsed.value.target]!.loyalty === 'traitor') right++;
    }
    // The belief a loyal knight holds of the true traitor when the swords first reach 6, 8 and 10 (stderr).
    const sw = s.whiteSwords + s.blackSwords;
    const traitorSeat = s.knights.findIndex((k) => k.loyalty === 'traitor');
    if (traitorSeat >= 0 && !s.knights[traitorSeat]!.revealed && beliefs.length < 3 && sw >= 6 + 2 * beliefs.length) {
      const watcher = s.knights.findIndex((k) => k.loyalty === 'loyal' && k.alive);
      const b = traitorBelief(s, watcher, w);
      const top = b.reduce((best, p, i) => (p > b[best]! ? i : best), 0);
      beliefs.push(`${sw}:${b[traitorSeat]!.toFixed(2)}${top === traitorSeat ? '*' : ''}`);
    }
    const next = shadows.play(s, seat, parsed.value);
    if (!next.ok)
      throw new Error(`${bot.level} played an illegal move ${move} at ply ${ply} (${seed}): ${next.error.code}`);
    s = next.value;
    ply++;
  }
  const over = s.phase.kind === 'over' ? s.phase : null;
  return {
    loyalWin: over?.loyalWin ?? false,
    reason: over?.reason ?? 'ply-cap',
    plies: ply,
    white: s.whiteSwords,
    black: s.blackSwords,
    accusations,
    right,
    beliefs: s.knights.some((k) => k.loyalty === 'traitor') ? beliefs.join(' ') : 'no traitor in play',
  };
}

/**
 * The tells' study (`--study file`): one JSON line per heroic action (who, his loyalty, where, his hand, his
 * declaration, what the loyal rule of thumb would do with his hand, what he did) and per Merlin-window answer.
 */
let studyGame = 0;
function studyLine(s: ShadowsState, seat: Seat, m: Move, file: string): void {
  const k = s.knights[seat]!;
  const base = {
    g: studyGame,
    p: s.players,
    L: k.loyalty,
    seat,
    turn: s.turnNumber,
    hand: k.hand.length,
    loc: k.location,
    siege: s.siege,
    sw: s.whiteSwords + s.blackSwords,
  };
  if (s.phase.kind === 'merlin') {
    const merlins = k.hand.filter((c) => kindOf(c).effect === 'merlin').length;
    appendFileSync(
      file,
      JSON.stringify({
        ...base,
        kind: 'merlin',
        card: kindOf(s.phase.card).effect,
        merlins,
        offered: m.type === 'merlin' ? m.count : 0,
      }) + '\n',
    );
    return;
  }
  if (s.phase.kind === 'excalibur') {
    appendFileSync(
      file,
      JSON.stringify({ ...base, kind: 'excalibur', card: kindOf(s.phase.card).effect, did: m.type }) + '\n',
    );
    return;
  }
  if (s.phase.kind !== 'heroic' || s.active !== seat) return;
  // What the loyal rule of thumb would do with this hand (the traitor's seat read as a loyal one).
  const asLoyal = { ...s, knights: s.knights.map((o, i) => (i === seat ? { ...o, loyalty: 'loyal' as const } : o)) };
  const moves = shadows.legalMoves(asLoyal, seat) as Move[];
  const scores = shadowsPolicyScores(asLoyal, seat, moves);
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  const d = k.declaration;
  appendFileSync(
    file,
    JSON.stringify({
      ...base,
      kind: 'heroic',
      used: s.turn.used.length,
      decl: d ? `${d.what}${d.quest ? ' ' + d.quest : ''}` : null,
      rule: moves[best]?.type,
      did: m.type,
      card: 'card' in m ? m.card : undefined,
      to: m.type === 'move' ? m.to : undefined,
    }) + '\n',
  );
}

/** Progression of Evil choices by loyalty and siege (printed on stderr at the end: how the traitor shows). */
const evilChoices: Record<string, number> = {};
/** Declarations by loyalty and kind (printed on stderr at the end). */
const declarations: Record<string, number> = {};

const pct = (x: number): string => `${(100 * x).toFixed(0)}%`.padStart(4);

function line(c: Cell): string {
  const [lo, hi] = wilson(c.wins, c.games);
  const reasons = Object.entries(c.reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([r, n]) => `${r} ${n}`)
    .join(', ');
  return `| ${c.players} | ${c.traitor === 'with' ? 'yes' : c.traitor === 'maybe' ? 'n/(n+1)' : 'no '} | ${c.loyal.padEnd(6)} | ${String(c.wins).padStart(2)}/${c.games} | ${pct(c.wins / Math.max(1, c.games))} | [${pct(lo)}, ${pct(hi)}] | ${(c.white / Math.max(1, c.games)).toFixed(1)} / ${(c.black / Math.max(1, c.games)).toFixed(1)} | ${Math.round(c.plies / Math.max(1, c.games))} | ${c.seconds.toFixed(0)} s | ${c.right}/${c.accusations}${c.accusations > 0 ? ` (${pct(c.right / c.accusations).trim()}, [${pct(wilson(c.right, c.accusations)[0]).trim()}, ${pct(wilson(c.right, c.accusations)[1]).trim()}])` : ''} | ${reasons} |`;
}

function main(): void {
  const f = parseFlags(process.argv.slice(2));
  if (!['ismcts', 'policy', 'same'].includes(f.traitorBot))
    throw new Error(`unknown traitor bot ${f.traitorBot} (ismcts, policy, same)`);
  const traitorOf = (loyal: Bot): Bot =>
    f.traitorBot === 'policy' ? shadowsPolicyBot : f.traitorBot === 'same' ? loyal : fixedBudgetBot(f.iterations);
  console.log(
    `shadows loyal bots: ${f.games} games per cell, ISMCTS ${f.iterations} iterations per move, seed ${f.seed}; traitor seat: ${f.traitorBot === 'policy' ? 'rule of thumb' : f.traitorBot === 'same' ? "the loyal seats' bot" : 'ISMCTS'}`,
  );
  console.log(
    '| players | traitor | loyal bot | loyal wins | rate | 95% CI | swords white / black | plies/game | time | accusations right | endings |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const started = performance.now();
  for (const players of f.players) {
    for (const traitor of f.traitor) {
      for (const name of f.loyal) {
        const loyal = loyalBot(name, f.iterations);
        const cell: Cell = {
          players,
          traitor,
          loyal: name,
          games: 0,
          wins: 0,
          reasons: {},
          plies: 0,
          white: 0,
          black: 0,
          seconds: 0,
          accusations: 0,
          right: 0,
        };
        const t0 = performance.now();
        for (let g = 0; g < f.games; g++) {
          // The same deals for every loyal bot: game g of a cell uses the same seed whoever plays.
          const r = playGame(
            players,
            traitor,
            loyal,
            traitorOf(loyal),
            f.iterations,
            `${f.seed}/${players}/${traitor}/${g}`,
            f.maxPlies,
            f.study,
          );
          cell.games++;
          if (r.loyalWin) cell.wins++;
          cell.reasons[r.reason] = (cell.reasons[r.reason] ?? 0) + 1;
          cell.plies += r.plies;
          cell.white += r.white;
          cell.black += r.black;
          cell.accusations += r.accusations;
          cell.right += r.right;
          // Progress on stderr, one line per game: a run stopped early still tells its figures so far.
          process.stderr.write(
            `${players}p ${traitor} ${name} game ${g + 1}: loyal ${r.loyalWin ? 'win' : 'loss'} (${r.reason}), accusations ${r.right}/${r.accusations} right; so far ${cell.wins}/${cell.games}, accusations ${cell.right}/${cell.accusations}; belief in the traitor ${r.beliefs || '-'}\n`,
          );
        }
        cell.seconds = (performance.now() - t0) / 1000;
        console.log(line(cell));
      }
    }
  }
  console.log(`total ${((performance.now() - started) / 60000).toFixed(1)} min`);
  process.stderr.write(`evil choices: ${JSON.stringify(Object.fromEntries(Object.entries(evilChoices).sort()))}\n`);
  process.stderr.write(`declarations: ${JSON.stringify(Object.fromEntries(Object.entries(declarations).sort()))}\n`);
}

main();
