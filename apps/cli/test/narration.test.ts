import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRng, Match, nextInt, type AnyGame, type Seat } from '@roundtable/core';
import { joust, KINDS as JOUST_KINDS } from '@roundtable/joust';
import { shadows, KINDS as SHADOWS_KINDS } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';
import { adapters } from '../src/games/index.ts';
import type { LineSource } from '../src/play/lines.ts';
import { playMatch } from '../src/play/loop.ts';
import { HUMAN } from '../src/play/seats.ts';
import { CLEAR_SCREEN } from '../src/terminal/style.ts';

/**
 * Hot-seat games at one terminal, every seat human, each typing a random legal move. The output is cut into
 * screens (the privacy screen clears between seats); on each seat's screen, no card may be named that this seat
 * could not see in its own views while the screen was up.
 */
async function hotSeat(game: AnyGame, players: number, seed: number, maxPly: number) {
  const created = Match.create(game, { players, seed });
  if (!created.ok) throw new Error(created.error.code);
  const match = created.value;
  const rng = createRng(`cli-narration-${game.id}-${seed}`);
  const output = new PassThrough();
  let printed = '';
  output.on('data', (d: Buffer) => (printed += d.toString()));
  const reads: { at: number; ply: number }[] = [];
  const lines: LineSource = {
    async read(prompt) {
      output.write(prompt);
      reads.push({ at: printed.length, ply: match.ply });
      let answer: string;
      if (/Pass the terminal/.test(prompt)) answer = '';
      else if (match.ply >= maxPly) answer = 'quit';
      else {
        const seat = match.toMove()[0]!;
        const legal = match.legalNotation(seat);
        // Shorter Chevaliers games: rarely end a turn early or lose life by choice.
        const keep = legal.filter((m) => m !== 'evil life' && m !== 'reveal');
        const pool = keep.length > 0 ? keep : legal;
        answer = pool[nextInt(rng, pool.length)]!;
      }
      output.write(`${answer}\n`);
      return answer;
    },
    close() {},
  };
  await playMatch({
    match,
    adapter: adapters[game.id]!,
    seats: Array.from({ length: players }, () => HUMAN),
    lines,
    output,
    lang: 'en',
    color: false,
    botDelayMs: 0,
    width: 200,
  });
  return { match, printed, reads };
}

/** Every state of the match, from its record. */
function states(match: Match): unknown[] {
  const first = Match.create(match.game, { players: match.players, seed: match.seed, options: match.options });
  if (!first.ok) throw new Error('replay');
  const replay = first.value;
  const out: unknown[] = [replay.state];
  for (const m of match.history) {
    const r = replay.play(m.seat, m.move);
    if (!r.ok) throw new Error('replay');
    out.push(replay.state);
  }
  return out;
}

interface Named {
  readonly name: RegExp;
  readonly id: string;
}

const kindsOfView = (json: string, pattern: RegExp): Set<string> =>
  new Set([...json.matchAll(pattern)].map((m) => m[1]!));

function checkScreens(
  game: AnyGame,
  run: Awaited<ReturnType<typeof hotSeat>>,
  named: readonly Named[],
  idPattern: RegExp,
): number {
  const { match, printed, reads } = run;
  const all = states(match);
  const names = Array.from({ length: match.players }, (_, s) => game.seatName(s, match.players, 'en'));
  let checked = 0;
  let offset = 0;
  const lastSeen = new Map<number, number>();
  for (const screen of printed.split(CLEAR_SCREEN)) {
    const start = offset;
    offset += screen.length + CLEAR_SCREEN.length;
    const owner = names.findIndex((n) => screen.includes(`\n${n} > `) || screen.startsWith(`${n} > `));
    if (owner < 0) continue;
    expect(screen, 'one seat per screen').not.toMatch(
      new RegExp(
        names
          .filter((_, i) => i !== owner)
          .map((n) => `\\n${n} > `)
          .join('|') || '$^',
      ),
    );
    const plies = reads.filter((r) => r.at >= start && r.at <= offset).map((r) => r.ply);
    // What happened since this seat last looked is told when its screen comes up: from its previous screen on.
    const from = lastSeen.get(owner) ?? 0;
    const to = Math.min(all.length - 1, Math.max(...plies) + 1);
    lastSeen.set(owner, Math.max(0, Math.min(...plies) - 1));
    const visible = new Set<string>();
    for (let p = from; p <= to; p++)
      for (const k of kindsOfView(JSON.stringify(game.view(all[p], owner as Seat)), idPattern)) visible.add(k);
    for (const n of named) {
      const m = n.name.exec(screen);
      if (m && !visible.has(n.id))
        throw new Error(
          `${names[owner]}'s screen names ${m[0]} (${n.id}), which ${names[owner]} cannot see:\n${screen.slice(Math.max(0, m.index - 300), m.index + 200)}`,
        );
    }
    checked++;
  }
  return checked;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('the terminal move log at one screen with secrets (property)', () => {
  it('Chevaliers: no seat is shown a card it cannot see, nor an answer to an open call', async () => {
    const named: Named[] = SHADOWS_KINDS.filter(
      (k) => !['excalibur', 'grail', 'picts', 'saxons', 'merlin', 'lady'].includes(k.id),
    ).map((k) => ({ name: new RegExp(`\\b${escape(k.en)}\\b`), id: k.id }));
    for (const [players, seed] of [
      [3, 1],
      [4, 2],
    ] as const) {
      const run = await hotSeat(shadows, players, seed, 250);
      expect(checkScreens(shadows, run, named, /"([a-z0-9-]+)\.\d+"/g)).toBeGreaterThan(10);
      // Answers to a Merlin or volunteer call are told as given, never what they were, until the call closes.
      const knights = Array.from({ length: players }, (_, i) => escape(shadows.seatName(i, players, 'en'))).join('|');
      const answer = new RegExp(
        `^(${knights}) (plays |answers |says )?(merlin( \\d)?|accept|refuse|volunteer|pass)\\b`,
      );
      for (const l of run.printed.split('\n')) expect(l).not.toMatch(answer);
      expect(run.printed).toMatch(/has answered\./);
    }
  }, 60_000);

  it('joust: no seat is shown a card it cannot see (Knock Down included)', async () => {
    const named: Named[] = JOUST_KINDS.filter((k) => !['lancelot', 'bouclier', 'assomme'].includes(k.id)).map((k) => ({
      name: new RegExp(`\\b${escape(k.en)}\\b`),
      id: k.id,
    }));
    for (const [players, seed] of [
      [3, 1],
      [4, 2],
    ] as const) {
      const run = await hotSeat(joust, players, seed, 400);
      expect(checkScreens(joust, run, named, /"([a-z0-9-]+)\.\d+"/g)).toBeGreaterThan(10);
      expect(run.printed).not.toMatch(/plays play /);
    }
  }, 60_000);

  it('Tournament: no seat is shown a card it cannot see', async () => {
    const suits = { Swords: 'sw', Arrows: 'ar', Sorcery: 'so', Deception: 'de' } as const;
    const named: Named[] = Object.entries(suits).flatMap(([suit, code]) =>
      Array.from({ length: 15 }, (_, i) => ({
        name: new RegExp(`(?<!declared as )\\bthe ${i + 1} of ${suit}\\b`),
        id: `${code}${i + 1}`,
      })),
    );
    for (const [players, seed] of [
      [3, 1],
      [4, 2],
    ] as const) {
      const run = await hotSeat(tournament, players, seed, 300);
      expect(checkScreens(tournament, run, named, /"((?:sw|ar|so|de)\d+)"/g)).toBeGreaterThan(10);
    }
  }, 60_000);
});
