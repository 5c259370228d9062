import type { Lang } from '@roundtable/core';
import type { Clock } from './api.ts';

/** The time controls a person chooses from (new match, play now), before they become the server's `clock`. */
export type TimeControl =
  | { readonly kind: 'none' }
  | { readonly kind: 'move'; readonly seconds: number }
  | { readonly kind: 'fischer'; readonly minutes: number; readonly increment: number }
  | { readonly kind: 'days'; readonly days: number };

export const NO_CLOCK: TimeControl = { kind: 'none' };

export const DEFAULTS = { move: 60, minutes: 5, increment: 3, days: 2 };

/** The server's `clock`, or an error in words when a number is out of its bounds (protocol ClockRequest). */
export function clockOf(
  tc: TimeControl,
  lang: Lang,
): { ok: true; clock: Clock | undefined } | { ok: false; reason: string } {
  const fr = lang === 'fr';
  const whole = (n: number, lo: number, hi: number): boolean => Number.isInteger(n) && n >= lo && n <= hi;
  switch (tc.kind) {
    case 'none':
      return { ok: true, clock: undefined };
    case 'move':
      return whole(tc.seconds, 5, 86_400)
        ? { ok: true, clock: { moveSeconds: tc.seconds } }
        : {
            ok: false,
            reason: fr
              ? 'Secondes par coup\u00a0: un nombre entier de 5 à 86 400.'
              : 'Seconds per move: a whole number from 5 to 86,400.',
          };
    case 'fischer':
      if (!whole(tc.minutes, 1, 1440))
        return {
          ok: false,
          reason: fr
            ? 'Minutes chacun\u00a0: un nombre entier de 1 à 1 440.'
            : 'Minutes each: a whole number from 1 to 1,440.',
        };
      if (!whole(tc.increment, 0, 3600))
        return {
          ok: false,
          reason: fr
            ? 'Secondes ajoutées\u00a0: un nombre entier de 0 à 3 600.'
            : 'Seconds added: a whole number from 0 to 3,600.',
        };
      return { ok: true, clock: { baseSeconds: tc.minutes * 60, incrementSeconds: tc.increment } };
    case 'days':
      return whole(tc.days, 1, 30)
        ? { ok: true, clock: { days: tc.days } }
        : {
            ok: false,
            reason: fr
              ? 'Jours par coup\u00a0: un nombre entier de 1 à 30.'
              : 'Days per move: a whole number from 1 to 30.',
          };
  }
}
