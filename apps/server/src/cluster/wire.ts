/**
 * What the server processes say to one another over Redis (cluster.ts), as zod schemas: every message is checked
 * on arrival like any input from outside the process, since in a rolling deploy the sender may run another build.
 * Objects are not strict: a field a newer build adds is ignored here, while a field missing, of the wrong type, or
 * a kind this build does not know refuses the message (cluster.ts `refuse`).
 */
import { z } from 'zod';
import type { GameError, Outcome, Result } from '@roundtable/core';
import type { ClockState } from '../clocks/fischer.ts';
import type { OwnerCall } from '../match/cluster.ts';
import type { SeatRow } from '../storage/store.ts';
import { ConditionalLine, JoinRequest, LIMITS } from '@roundtable/protocol';

const seat = z
  .number()
  .int()
  .min(0)
  .max(LIMITS.maxSeats - 1);
const seats = z.array(seat).max(LIMITS.maxSeats);
const matchId = z.string().min(1).max(64);
/** A process's name (`SharedCluster.node`): where its answers go (`rt:n:<node>`). */
const node = z.string().min(1).max(200);
/** A forwarded request's number on its sender, answered with it. */
const req = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ply = z.number().int().min(0);
const moveText = z.string().min(1).max(LIMITS.maxMoveLength);
const time = z.number().finite();

// Values the owner made and the follower keeps as they are: loose, so that what a newer build adds is kept too.
const gameError: z.ZodType<GameError> = z.looseObject({ code: z.string().min(1).max(100) });
const outcome: z.ZodType<Outcome> = z.looseObject({
  winners: seats,
  draw: z.boolean(),
  reason: z.string().max(100),
  scores: z.array(z.number()).max(LIMITS.maxSeats).optional(),
});
// A value of `undefined` does not travel (JSON): `{ok: true}` is a Result<void>.
const result = z
  .union([
    z.object({ ok: z.literal(true), value: z.unknown().optional() }),
    z.object({ ok: z.literal(false), error: gameError }),
  ])
  .transform((r): Result<unknown> => (r.ok ? { ok: true, value: r.value } : r));
const banks: z.ZodType<ClockState> = z.looseObject({
  banks: z.array(z.number()).max(LIMITS.maxSeats),
  running: seats,
  since: time.nullable(),
  ply,
  berserk: seats.optional(),
});
const clock = z.object({ deadline: time.nullable(), banks: banks.nullable() });
const seatRow: z.ZodType<SeatRow> = z.looseObject({
  seat,
  kind: z.enum(['human', 'open', 'bot']),
  name: z.string().max(100).nullable(),
  level: z.string().max(100).nullable(),
  tokenHash: z.string().max(200).nullable(),
});
const audience = z.union([
  z.object({ chat: z.enum(['players', 'spectators']) }),
  z.object({ players: z.literal(true) }),
  z.object({ seat }),
  z.object({ everyone: z.literal(true) }),
]);

const offerKind = z.enum(['draw', 'takeback', 'rematch']);
const requestId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();
/** A table message as it travels (`TableCall`): checked already where its connection is, so only its shape here. */
const tableCall = z.discriminatedUnion('t', [
  z.object({ t: z.literal('say'), text: z.string().min(1).max(LIMITS.maxChatLength), name: z.string().nullable() }),
  z.object({ t: z.literal('resign'), id: requestId }),
  z.object({ t: z.literal('offer'), id: requestId, kind: offerKind }),
  z.object({ t: z.literal('answer'), id: requestId, kind: offerKind, accept: z.boolean() }),
]);

/** A call run where the match is owned (`OwnerCall` in match/cluster.ts), each kind with its own fields. */
export const OwnerCallWire = z.discriminatedUnion('k', [
  z.object({ k: z.literal('join'), request: JoinRequest.strip() }),
  z.object({ k: z.literal('leave'), token: z.string().min(1).max(200) }),
  z.object({ k: z.literal('reissue'), seat }),
  z.object({ k: z.literal('table'), seat: seat.nullable(), msg: tableCall }),
  z.object({ k: z.literal('deadline'), ply, deadline: time }),
  z.object({ k: z.literal('give-back'), seat }),
  z.object({ k: z.literal('berserk'), seat }),
  z.object({ k: z.literal('conditional'), seat, tree: z.array(ConditionalLine) }),
]);

// A checked call is an OwnerCall (the match service runs it), and an OwnerCall is what is sent (cluster.ts
// `forwardCall`: `satisfies Sendable<Wire>`): a kind or field added to one and not the other fails to compile.
const checkedIsOwnerCall = (c: z.infer<typeof OwnerCallWire>): OwnerCall => c;
void checkedIsOwnerCall;

/**
 * A seat's move forwarded to the match's owner: the owner plays it only at `ply` (the position the seat saw),
 * and not after `until` (ms), when the sender has given up waiting.
 */
export const ForwardedMove = z.object({
  k: z.literal('move'),
  id: matchId,
  seat,
  ply,
  text: moveText,
  from: node,
  req,
  until: time,
});
export type ForwardedMove = z.infer<typeof ForwardedMove>;

/** Between processes, to one of them (channel `rt:n:<node>`). */
export const Wire = z.discriminatedUnion('k', [
  ForwardedMove,
  z.object({ k: z.literal('call'), id: matchId, call: OwnerCallWire, from: node, req }),
  z.object({ k: z.literal('presence'), from: node, matches: z.record(matchId, seats) }),
  z.object({ k: z.literal('handover'), id: matchId, from: node }),
  z.object({ k: z.literal('paired'), wid: z.string().min(1).max(200), answer: result }),
  z.object({ k: z.literal('err'), req, error: gameError }),
  z.object({ k: z.literal('result'), req, result }),
]);
export type Wire = z.infer<typeof Wire>;

/** From a match's owner to every process following it (channel `rt:m:<match>`). */
export const MatchEvent = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('move'),
    ply,
    seat,
    move: moveText,
    status: z.enum(['active', 'finished']),
    outcome: outcome.nullable(),
    clock,
    origin: z.object({ node, req }).optional(),
  }),
  z.object({
    k: z.literal('sync'),
    seats: z.array(seatRow).min(1).max(LIMITS.maxSeats),
    status: z.enum(['open', 'active', 'finished', 'abandoned', 'archived']),
    outcome: outcome.nullable(),
    clock,
    ply,
    connected: seats,
  }),
  z.object({ k: z.literal('tell'), text: z.string(), to: audience }),
]);
export type MatchEvent = z.infer<typeof MatchEvent>;

/** What is sent: built from the match's own values, whose arrays are readonly (what arrives is a fresh copy). */
export type Sendable<T> = T extends readonly (infer U)[]
  ? readonly Sendable<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Sendable<T[K]> }
    : T;

/**
 * Who a refused request is answered to: its sender and number, read even when the rest of it is wrong, so that the
 * sender's client hears at once instead of after the forward timeout.
 */
export const ReplyTo = z.object({ k: z.string().max(100), from: node, req });

/** The word on the `events` topic (events/live/bus.ts): the id of an event that changed, as the server makes them. */
export const EventChanged = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'an event id is 1 to 64 letters, digits, _ or -');
