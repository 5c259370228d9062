import './accounts.css';
import type { Lang } from '@roundtable/core';
import { clockOf, DEFAULTS, NO_CLOCK, type TimeControl } from './clock-choice.ts';
import { word } from './account-words.ts';

/**
 * None / per move / Fischer / correspondence. Fischer is offered only in games without secrets (the server
 * refuses it otherwise: `FISCHER_WITH_SECRETS`), and the reason is said where it would be.
 */
export function TimeControlField({
  value,
  onChange,
  lang,
  fischerAllowed,
  idPrefix,
}: {
  value: TimeControl;
  onChange: (tc: TimeControl) => void;
  lang: Lang;
  fischerAllowed: boolean;
  idPrefix: string;
}) {
  const num = (e: Event): number => {
    const raw = (e.target as HTMLInputElement).value;
    return raw.trim() === '' ? NaN : Number(raw);
  };
  const check = clockOf(value, lang);
  const radio = (kind: TimeControl['kind'], label: string, make: () => TimeControl, disabled = false) => (
    <label class="radio">
      <input
        type="radio"
        name={`${idPrefix}-clock`}
        value={kind}
        checked={value.kind === kind}
        disabled={disabled}
        onChange={() => onChange(make())}
        data-testid={`clock-${kind}`}
      />{' '}
      {label}
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
          <input
            type="number"
            min={5}
            max={86400}
            step={1}
            value={Number.isNaN(value.seconds) ? '' : value.seconds}
            onInput={(e) => onChange({ kind: 'move', seconds: num(e) })}
            data-testid="clock-seconds"
          />
        </label>
      )}
      {radio(
        'fischer',
        word(lang, 'clockFischer'),
        () => ({ kind: 'fischer', minutes: DEFAULTS.minutes, increment: DEFAULTS.increment }),
        !fischerAllowed,
      )}
      {!fischerAllowed && (
        <p class="muted small indent" data-testid="fischer-unavailable">
          {word(lang, 'fischerSecrets')}
        </p>
      )}
      {value.kind === 'fischer' && (
        <div class="indent inline-fields">
          <label class="field">
            {word(lang, 'baseMinutes')}
            <input
              type="number"
              min={1}
              max={1440}
              step={1}
              value={Number.isNaN(value.minutes) ? '' : value.minutes}
              onInput={(e) => onChange({ ...value, minutes: num(e) })}
              data-testid="clock-minutes"
            />
          </label>
          <label class="field">
            {word(lang, 'incrementSeconds')}
            <input
              type="number"
              min={0}
              max={3600}
              step={1}
              value={Number.isNaN(value.increment) ? '' : value.increment}
              onInput={(e) => onChange({ ...value, increment: num(e) })}
              data-testid="clock-increment"
            />
          </label>
        </div>
      )}
      {radio('days', word(lang, 'clockDays'), () => ({ kind: 'days', days: DEFAULTS.days }))}
      {value.kind === 'days' && (
        <label class="field indent">
          {word(lang, 'daysPerMove')}
          <input
            type="number"
            min={1}
            max={30}
            step={1}
            value={Number.isNaN(value.days) ? '' : value.days}
            onInput={(e) => onChange({ kind: 'days', days: num(e) })}
            data-testid="clock-days-count"
          />
        </label>
      )}
      {value.kind !== 'none' && <p class="muted small">{word(lang, 'clockRunsOut')}</p>}
      {!check.ok && (
        <p class="error" role="alert" data-testid="clock-error">
          {check.reason}
        </p>
      )}
    </fieldset>
  );
}
