import type { Lang } from '@roundtable/core';
import type { MyTurnAnswer } from '@roundtable/protocol';
import { api } from '../session/api.ts';

/** The signed-in account's correspondence matches waiting for its move, least time left first. */
export const myTurn = (lang: Lang): Promise<MyTurnAnswer> => api('GET', '/api/my-turn', lang);
