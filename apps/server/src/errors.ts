import { describeError, type AnyGame, type GameError, type Lang } from '@roundtable/core';
import type { ErrorBody } from '@roundtable/protocol';
import { serverMessages } from './messages.ts';

/** An error value as it leaves the server: its stable code, a sentence in the client's language, the details. */
export function errorBody(error: GameError, lang: Lang, game?: AnyGame): ErrorBody {
  const { code, ...details } = error;
  const message = describeError(error, lang, { ...serverMessages, ...(game?.messages ?? {}) });
  return Object.keys(details).length > 0 ? { code, message, details } : { code, message };
}

/** The HTTP status that fits an error code. */
export function httpStatus(code: string): number {
  switch (code) {
    case 'NO_SUCH_MATCH':
    case 'NO_SUCH_SEAT':
    case 'NOT_FOUND':
      return 404;
    case 'BAD_TOKEN':
      return 403;
    case 'SEAT_TAKEN':
    case 'NO_FREE_SEAT':
    case 'NOT_FINISHED':
      return 409;
    case 'RATE_LIMITED':
    case 'HTTP_RATE_LIMITED':
    case 'TOO_MANY_MATCHES':
    case 'TOO_MANY_CONNECTIONS':
      return 429;
    case 'SHUTTING_DOWN':
    case 'SERVER_BUSY':
    case 'OWNER_UNAVAILABLE':
      return 503;
    case 'INTERNAL':
    case 'STORAGE':
      return 500;
    default:
      return 400;
  }
}
