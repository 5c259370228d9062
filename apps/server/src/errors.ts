import { describeError, type AnyGame, type GameError, type Lang } from '@roundtable/core';
import type { ErrorBody } from '@roundtable/protocol';
import { serverMessages } from './messages.ts';
import { accountMessages } from './accounts/messages.ts';
import { socialMessages } from './social/messages.ts';
import { botMessages } from './bot-accounts/messages.ts';
import { clubMessages } from './clubs/messages.ts';
import { recordMessages } from './records/messages.ts';
import { eventMessages } from './events/messages.ts';

/** An error value as it leaves the server: its stable code, a sentence in the client's language, the details. */
export function errorBody(error: GameError, lang: Lang, game?: AnyGame): ErrorBody {
  const { code, ...details } = error;
  const message = describeError(error, lang, {
    ...serverMessages,
    ...accountMessages,
    ...socialMessages,
    ...botMessages,
    ...clubMessages,
    ...recordMessages,
    ...eventMessages,
    ...(game?.messages ?? {}),
  });
  return Object.keys(details).length > 0 ? { code, message, details } : { code, message };
}

/** The HTTP status that fits an error code. */
export function httpStatus(code: string): number {
  switch (code) {
    case 'NO_SUCH_MATCH':
    case 'NO_SUCH_SEAT':
    case 'NOT_FOUND':
    case 'NO_SUCH_PLAYER':
    case 'NO_SUCH_CHALLENGE':
    case 'NO_SUCH_CLUB':
      return 404;
    case 'WRONG_LOGIN':
    case 'NOT_SIGNED_IN':
    case 'RATED_NEEDS_ACCOUNT':
    case 'BAD_BOT_TOKEN':
      return 401;
    case 'BAD_TOKEN':
    case 'PEOPLE_ONLY':
    case 'BOT_CHATS_AT_ITS_SEAT':
    case 'CLUB_FOUNDER':
    case 'NOT_CLUB_OWNER':
      return 403;
    case 'SEAT_TAKEN':
    case 'NO_FREE_SEAT':
    case 'NOT_FINISHED':
    case 'NAME_TAKEN':
    case 'ALREADY_SEATED':
    case 'NO_OPPONENT':
    case 'PLAY_NOW_REPLACED':
    case 'PLAY_NOW_CANCELLED':
    case 'MOVE_PENDING':
    case 'PLY_TAKEN':
    case 'REMATCH_DONE':
    case 'ALREADY_WAITING':
    case 'RATED_SAME_ADDRESS':
    case 'ALREADY_BOT':
    case 'BOT_HAS_PLAYED':
    case 'BOT_IS_FOREVER':
    case 'CHALLENGE_SETTLED':
    case 'CHALLENGE_LAPSED':
    case 'CLUB_OWNED':
    case 'CLUB_NAME_TAKEN':
    case 'ALREADY_MEMBER':
    case 'TOO_MANY_CLUBS':
    case 'CLUB_FULL':
    case 'NO_UNRATED_OFFER':
    case 'CLUB_WARD':
      return 409;
    case 'RATE_LIMITED':
    case 'HTTP_RATE_LIMITED':
    case 'TOO_MANY_MATCHES':
    case 'TOO_MANY_CONNECTIONS':
    case 'LOGIN_RATE_LIMITED':
    case 'SIGNUP_RATE_LIMITED':
    case 'CHAT_RATE_LIMITED':
    case 'OFFER_RATE_LIMITED':
    case 'RATED_PAIR_LIMIT':
    case 'TOO_MANY_IMPORTS':
    case 'BOT_TOO_MANY_MATCHES':
    case 'BOT_RATE_LIMITED':
    case 'TOO_MANY_CHALLENGES':
    case 'CLUB_JOINS_LIMIT':
    case 'CLUB_PAIR_LIMIT':
    case 'CLUB_ACCOUNT_LIMIT':
    case 'CLUB_RATED_LIMIT':
      return 429;
    case 'LOGIN_BUSY':
    case 'SHUTTING_DOWN':
    case 'SERVER_BUSY':
    case 'OWNER_UNAVAILABLE':
    case 'OWNER_CHANGED':
    case 'BAD_CLUSTER_MESSAGE':
      return 503;
    case 'INTERNAL':
    case 'STORAGE':
      return 500;
    default:
      return 400;
  }
}
