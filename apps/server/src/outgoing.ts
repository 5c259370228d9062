import type { ServerMessage } from '@roundtable/protocol';

declare const outgoing: unique symbol;

/**
 * A server → client message as the JSON text a connection sends. Only `encode` (a value of `ServerMessage`, checked
 * by the compiler) and the hand-built texts of the hot path in live-match.ts (built from typed parts, and tested
 * against `encode` in payload.test.ts) make one, so a listener can send nothing else.
 */
export type Outgoing = string & { readonly [outgoing]: true };

export function encode(message: ServerMessage): Outgoing {
  return JSON.stringify(message) as Outgoing;
}

/**
 * A text another server process encoded (it comes through Redis, from the owner of a match, whose `encode` built
 * it): passed on as it is.
 */
export function relayed(text: string): Outgoing {
  return text as Outgoing;
}
