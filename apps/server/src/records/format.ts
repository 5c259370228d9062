import {
  seedCommitment,
  writeRecordText,
  type AnyGame,
  type MoveNode,
  type Outcome,
  type Seat,
  type Seed,
} from '@roundtable/core';
import type { ExportCandidate } from './store.ts';

/** The name and version every exported line carries (FORMAT.md): a reader checks both before reading the rest. */
export const RECORD_FORMAT = 'roundtable-record';
export const RECORD_FORMAT_VERSION = 1;
/** The data is given to the public domain, as lichess does with its games. */
export const RECORD_LICENCE = 'CC0-1.0';

/** A seat as exported: who played it, as far as they agreed to be named (FORMAT.md "What is left out"). */
export interface ExportedSeat {
  readonly seat: Seat;
  readonly kind: 'human' | 'bot';
  /** The account's name; null for a guest, or an account since deleted (anonymised). */
  readonly name: string | null;
  /** The level of one of the server's bots. */
  readonly level?: string;
}

/** One line of the JSON-lines export (FORMAT.md); `roundtable verify` reads it as it is. */
export interface ExportLine {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_FORMAT_VERSION;
  readonly licence: typeof RECORD_LICENCE;
  readonly id: string;
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  /** Revealed once the match is over; its SHA-256 is `commitment`, published when the match began. */
  readonly seed: Seed;
  readonly commitment: string;
  readonly position?: string;
  readonly moves: readonly { readonly seat: Seat; readonly move: string }[];
  readonly status: 'finished' | 'abandoned';
  readonly outcome: Outcome | null;
  readonly rated: boolean;
  /** ISO 8601, UTC. */
  readonly createdAt: string;
  readonly endedAt: string;
  readonly seats: readonly ExportedSeat[];
}

/**
 * Whether a match may be published: a rated match is public (its result is already on the leaderboards);
 * any other needs every person who played it to have agreed, for this match (their seat's token) or for all
 * their matches (their account). Seats played by bots need no one's consent.
 */
export function publishable(c: ExportCandidate): boolean {
  if (c.settings.rated === true) return true;
  return c.seats.every(
    (s) =>
      s.kind === 'bot' || c.settings.botSeats?.includes(s.seat) === true || s.consent || s.account?.consent === true,
  );
}

/** The export line of a stored match (the caller checked `publishable`). Chat is never read, so never written. */
export function exportLine(c: ExportCandidate): ExportLine {
  return {
    format: RECORD_FORMAT,
    version: RECORD_FORMAT_VERSION,
    licence: RECORD_LICENCE,
    id: c.id,
    game: c.game,
    players: c.players,
    options: c.options,
    seed: c.seed,
    commitment: seedCommitment(c.seed),
    ...(c.position !== null ? { position: c.position } : {}),
    moves: c.moves,
    status: c.status === 'abandoned' ? 'abandoned' : 'finished',
    outcome: c.outcome,
    rated: c.settings.rated === true,
    createdAt: new Date(c.createdAt).toISOString(),
    endedAt: new Date(c.endedAt).toISOString(),
    seats: c.seats.map((s): ExportedSeat => {
      const botAccount = c.settings.botSeats?.includes(s.seat) === true;
      if (s.kind === 'bot') return { seat: s.seat, kind: 'bot', name: s.name, ...(s.level ? { level: s.level } : {}) };
      // A guest's typed name is not an identity anyone agreed to publish: only accounts are named.
      return { seat: s.seat, kind: botAccount ? 'bot' : 'human', name: s.account?.name ?? null };
    }),
  };
}

/** The record text (packages/core/RECORD.md) of an export line: its data as tags, then its moves. */
export function exportText(game: AnyGame, line: ExportLine): string {
  let children: readonly MoveNode[] = [];
  for (const m of [...line.moves].reverse()) children = [{ seat: m.seat, move: m.move, children }];
  const tags: { name: string; value: string }[] = [
    { name: 'Event', value: 'Round Table online match' },
    { name: 'Match', value: line.id },
    { name: 'Date', value: line.createdAt.slice(0, 10).replace(/-/g, '.') },
    { name: 'Ended', value: line.endedAt },
    { name: 'Rated', value: String(line.rated) },
    { name: 'Commitment', value: line.commitment },
    ...line.seats.map((s) => ({ name: `Seat${s.seat}`, value: s.name ?? (s.level ? `bot ${s.level}` : '?') })),
    { name: 'Status', value: line.status },
    ...(line.outcome
      ? [
          { name: 'Winners', value: line.outcome.winners.join(' ') },
          { name: 'Draw', value: String(line.outcome.draw) },
          { name: 'End', value: line.outcome.reason },
        ]
      : []),
    { name: 'Licence', value: line.licence },
  ];
  return writeRecordText(game, {
    game: line.game,
    players: line.players,
    options: line.options as Record<string, never>,
    seed: line.seed,
    ...(line.position !== undefined ? { position: line.position } : {}),
    tags,
    children,
  });
}
