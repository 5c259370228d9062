import './accounts.css';
import type { Lang } from '@roundtable/core';
import type { Clock } from './api.ts';
import { word } from './account-words.ts';

/** The time controls a person chooses from (new match, play now), before they become the server's `clock`. */
export type TimeControl =
  | { readonly kind: 'none' }
  | { readonly kind: 'move'; readonly seconds: number }
  | { readonly kind: 'fischer'; readonly minutes: number; readonly increment: number }
  | { readonly kind: 'days'; readonly days: number };

export const NO_CLOCK: TimeControl = { kind: 'none' };

const DEFAULTS = { move: 60, minutes: 5, increment: 3, days: 2 };

/** The server's `clock`, or an error in words when a number is out of its bounds (protocol ClockRequest). */
export function clockOf(tc: TimeControl, lang: Lang): { ok: true; clock: Clock | undefined } | { ok: false; reason: string } {
  const fr = lang === 'fr';
  const whole = (n: number, lo: number, hi: number): boolean => Number.isInteger(n) && n >= lo && n <= hi;
  switch (tc.kind) {
    case 'none':
      return { ok: true, clock: undefined };
    case 'move':
      return whole(tc.seconds, 5, 86_400) ? { ok: true, clock: { moveSeconds: tc.seconds } } : { ok: false, reason: fr ? 'Secondes par coup : un nombre entier de 5 à 86 400.' : 'Seconds per move: a whole number from 5 to 86,400.' };
    case 'fischer':
      if (!whole(tc.minutes, 1, 1440)) return { ok: false, reason: fr ? 'Minutes chacun : un nombre entier de 1 à 1 440.' : 'Minutes each: a whole number from 1 to 1,440.' };
      if (!whole(tc.increment, 0, 3600)) return { ok: false, reason: fr ? 'Secondes ajoutées : un nombre entier de 0 à 3 600.' : 'Seconds added: a whole number from 0 to 3,600.' };
      return { ok: true, clock: { baseSeconds: tc.minutes * 60, incrementSeconds: tc.increment } };
    case 'days':
      return whole(tc.days, 1, 30) ? { ok: true, clock: { days: tc.days } } : { ok: false, reason: fr ? 'Jours par coup : un nombre entier de 1 à 30.' : 'Days per move: a whole number from 1 to 30.' };
  }
}

/**
 * None / per move / Fischer / correspondence. Fischer is offered only in games without secrets (the server
 * refuses it otherwise: `FISCHER_WITH_SECRETS`), and the reason is said where it would be.
 */
export function TimeControlField({ value, onChange, lang, fischerAllowed, idPrefix }: { value: TimeControl; onChange: (tc: TimeControl) => void; lang: Lang; fischerAllowed: boolean; idPrefix: string }) {
  const num = (e: Event): number => {
    const raw = (e.target as HTMLInputElement).value;
    return raw.trim() === '' ? NaN : Number(raw);
  };
  const check = clockOf(value, lang);
  const radio = (kind: TimeControl['kind'], label: string, make: () => TimeControl, disabled = false) => (
    <label class="radio">
      <input type="radio" name={`${idPrefix}-clock`} value={kind} checked={value.kind === kind} disabled={disabled} onChange={() => onChange(make())} data-testid={`clock-${kind}`} /> {label}
    </label>
  );
  return (
    <fieldset class="time-control" data-testid="time-control">
      <legend>{word(lang, 'timeControl')}</legend>
      {radio('none', word(lang, 'clockNone'), () => NO_CLOCK)}
      {radio('move', word(lang, 'clockMove'), () => ({ kind: 'move', seconds: DEFAULTS.move }))}
      {value.kind === 'move' && (
        <label class="field indent">
          {word(lang, 'secondsPerMove')}
          <input type="number" min={5} max={86400} step={1} value={Number.isNaN(value.seconds) ? '' : value.seconds} onInput={(e) => onChange({ kind: 'move', seconds: num(e) })} data-testid="clock-seconds" />
        </label>
      )}
      {radio('fischer', word(lang, 'clockFischer'), () => ({ kind: 'fischer', minutes: DEFAULTS.minutes, increment: DEFAULTS.increment }), !fischerAllowed)}
      {!fischerAllowed && <p class="muted small indent" data-testid="fischer-unavailable">{word(lang, 'fischerSecrets')}</p>}
      {value.kind === 'fischer' && (
        <div class="indent inline-fields">
          <label class="field">
            {word(lang, 'baseMinutes')}
            <input type="number" min={1} max={1440} step={1} value={Number.isNaN(value.minutes) ? '' : value.minutes} onInput={(e) => onChange({ ...value, minutes: num(e) })} data-testid="clock-minutes" />
          </label>
          <label class="field">
            {word(lang, 'incrementSeconds')}
            <input type="number" min={0} max={3600} step={1} value={Number.isNaN(value.increment) ? '' : value.increment} onInput={(e) => onChange({ ...value, increment: num(e) })} data-testid="clock-increment" />
          </label>
        </div>
      )}
      {radio('days', word(lang, 'clockDays'), () => ({ kind: 'days', days: DEFAULTS.days }))}
      {value.kind === 'days' && (
        <label class="field indent">
          {word(lang, 'daysPerMove')}
          <input type="number" min={1} max={30} step={1} value={Number.isNaN(value.days) ? '' : value.days} onInput={(e) => onChange({ kind: 'days', days: num(e) })} data-testid="clock-days-count" />
        </label>
      )}
      {value.kind !== 'none' && <p class="muted small">{word(lang, 'clockRunsOut')}</p>}
      {!check.ok && <p class="error" role="alert" data-testid="clock-error">{check.reason}</p>}
    </fieldset>
  );
}
