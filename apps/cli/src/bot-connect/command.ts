import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ExecEngine } from '../arena/exec-bot.ts';
import { playOnline, type BridgeMatch } from './bridge.ts';

export const BOT_CONNECT_HELP = `Plays a bot account on a Round Table server with any program that speaks the engine protocol
(apps/cli/PROTOCOL.md, "the bot side": it answers \`turn\`). Challenges sent to the account are accepted (or
declined, with a reason) and their matches played to the end.

usage: roundtable bot-connect --engine COMMAND [--server URL] [--token TOKEN] [--games a,b] [--max-matches N]
                              [--matches N] [--poll-ms MS]

  --engine COMMAND  the engine, e.g. --engine "npx roundtable engine --level medium"
  --server URL      the server (default http://127.0.0.1:8080, or ROUNDTABLE_SERVER)
  --token TOKEN     the bot token from the account page (default ROUNDTABLE_BOT_TOKEN)
  --games a,b       accept only these games (others are declined: reason "game"); default all
  --max-matches N   matches played at once (more are declined: reason "later"); default 2
  --matches N       stop once N matches are over (default: play on until stopped)
  --poll-ms MS      how often the challenges are asked for (default 1000, at least 250)
  -h, --help        this help
`;

/** The summary fields the bridge reads from the bot API (validated: the server is outside this program). */
const Summary = z.object({
  id: z.string().min(1).max(100),
  game: z.string().min(1).max(40),
  players: z.number().int().min(1).max(16),
  options: z.record(z.string(), z.unknown()),
  clock: z
    .object({ moveSeconds: z.number().optional(), incrementSeconds: z.number().optional() })
    .passthrough()
    .nullable(),
});
const Challenges = z.object({
  challenges: z.array(z.object({ id: z.string().min(1).max(40), game: z.string(), status: z.string() }).passthrough()),
});
const Accepted = z.object({ match: Summary });
const Matches = z.object({ matches: z.array(z.object({ match: Summary })) });
const BotMe = z.object({ me: z.object({ name: z.string() }) });

interface Flags {
  readonly engine: string;
  readonly server: string;
  readonly token: string;
  readonly games: readonly string[] | null;
  readonly maxMatches: number;
  readonly matches: number | null;
  readonly pollMs: number;
}

function readFlags(argv: readonly string[], env: NodeJS.ProcessEnv): Flags | string {
  let v;
  try {
    v = parseArgs({
      args: [...argv],
      options: {
        engine: { type: 'string' },
        server: { type: 'string' },
        token: { type: 'string' },
        games: { type: 'string' },
        'max-matches': { type: 'string' },
        matches: { type: 'string' },
        'poll-ms': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (e) {
    return (e as Error).message;
  }
  if (v.help) return '';
  if (!v.engine) return '--engine COMMAND is required';
  const token = v.token ?? env.ROUNDTABLE_BOT_TOKEN;
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token))
    return '--token (or ROUNDTABLE_BOT_TOKEN) must be the bot token shown on the account page';
  const server = (v.server ?? env.ROUNDTABLE_SERVER ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(server)) return `--server must be an http:// or https:// URL, not "${server}"`;
  const int = (flag: string, raw: string | undefined, fallback: number, min: number, max: number): number | string => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    return Number.isInteger(n) && n >= min && n <= max ? n : `--${flag} must be a whole number from ${min} to ${max}`;
  };
  const maxMatches = int('max-matches', v['max-matches'], 2, 1, 100);
  const matches = int('matches', v.matches, 0, 1, 1_000_000);
  const pollMs = int('poll-ms', v['poll-ms'], 1000, 250, 600_000);
  for (const n of [maxMatches, matches, pollMs]) if (typeof n === 'string') return n;
  return {
    engine: v.engine,
    server,
    token,
    games: v.games ? v.games.split(',').map((g) => g.trim()) : null,
    maxMatches: maxMatches as number,
    matches: v.matches === undefined ? null : (matches as number),
    pollMs: pollMs as number,
  };
}

/**
 * `roundtable bot-connect`: the bot account's program for an engine that speaks the engine protocol. It asks for the
 * challenges (the bot API, apps/server/PROTOCOL.md), accepts those it can play, and plays each match through
 * `playOnline` with one engine process (the arena's exec bridge) for all of them. Returns the exit code.
 */
export async function botConnectCommand(
  argv: readonly string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const flags = readFlags(argv, env);
  if (flags === '') {
    out.write(BOT_CONNECT_HELP);
    return 0;
  }
  if (typeof flags === 'string') {
    err.write(`error: ${flags}\n${BOT_CONNECT_HELP}`);
    return 2;
  }
  const log = (line: string): void => void out.write(`${line}\n`);
  const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(`${flags.server}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${flags.token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  };
  let who;
  try {
    who = await api('GET', '/api/bot/me');
  } catch (e) {
    err.write(`error: cannot reach ${flags.server}: ${(e as Error).message}\n`);
    return 1;
  }
  const me = BotMe.safeParse(who.json);
  if (!me.success) {
    err.write(`error: the server refused the bot token: ${JSON.stringify(who.json).slice(0, 300)}\n`);
    return 2;
  }
  const engine = new ExecEngine(flags.engine);
  try {
    await engine.start();
  } catch (e) {
    err.write(`error: ${(e as Error).message}\n`);
    return 2;
  }
  log(`connected as ${me.data.me.name}, engine ${engine.name}`);
  const wsUrl = `${flags.server.replace(/^http/, 'ws')}/ws`;
  const playing = new Map<string, Promise<void>>();
  let over = 0;
  const play = (match: BridgeMatch): void => {
    if (playing.has(match.id)) return;
    log(`playing ${match.game} match ${match.id}`);
    playing.set(
      match.id,
      playOnline(wsUrl, flags.token, match, engine, log)
        .then((outcome) => {
          log(`match ${match.id} over: ${JSON.stringify(outcome)}`);
          over++;
        })
        // Taken up again at the next poll while the server still lists it among the bot's matches in play.
        .catch((e: unknown) => log(`match ${match.id} left: ${(e as Error).message}`))
        .finally(() => playing.delete(match.id)),
    );
  };
  try {
    while (flags.matches === null || over < flags.matches) {
      // Matches in play that no connection plays (accepted before a restart, or a connection lost) are taken up.
      const mine = Matches.safeParse((await api('GET', '/api/bot/matches').catch(() => null))?.json);
      if (mine.success) for (const m of mine.data.matches) play(m.match);
      // A server away for a moment (a restart) is asked again at the next poll.
      const polled = await api('GET', '/api/bot/challenges').catch((e: unknown) => {
        log(`cannot reach ${flags.server}: ${(e as Error).message}`);
        return null;
      });
      const asked = Challenges.safeParse(polled?.json);
      for (const c of asked.success ? asked.data.challenges : []) {
        if (c.status !== 'pending') continue;
        const reason =
          flags.games && !flags.games.includes(c.game)
            ? 'game'
            : playing.size >= flags.maxMatches || (flags.matches !== null && over + playing.size >= flags.matches)
              ? 'later'
              : null;
        if (reason) {
          await api('POST', `/api/bot/challenges/${encodeURIComponent(c.id)}/decline`, { reason });
          log(`declined challenge ${c.id} (${reason})`);
          continue;
        }
        const accepted = await api('POST', `/api/bot/challenges/${encodeURIComponent(c.id)}/accept`, {});
        const made = Accepted.safeParse(accepted.json);
        if (made.success) play(made.data.match);
        else log(`could not accept challenge ${c.id}: ${JSON.stringify(accepted.json).slice(0, 300)}`);
      }
      await new Promise((r) => setTimeout(r, flags.pollMs));
    }
    await Promise.all(playing.values());
    return 0;
  } finally {
    await engine.close();
  }
}
