import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { formatDate, formatDateTime, machineMoment } from '../dates.ts';
import { ApiError } from '../social/api.ts';
import { endVacation, startVacation, vacationInfo, type VacationInfo } from './api.ts';
import { vw } from './words.ts';
import './vacation.css';

/** The account's vacations on its settings page: days left this year, and a vacation started or ended. */
export function VacationPanel({ lang }: { lang: Lang }) {
  const [info, setInfo] = useState<VacationInfo | null>(null);
  const [days, setDays] = useState(7);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void vacationInfo(lang).then(setInfo, (e: Error) => setError(e.message));
  }, [lang]);

  const act = (p: Promise<VacationInfo>): void => {
    setBusy(true);
    setError(null);
    void p
      .then(setInfo, (e: unknown) => setError(e instanceof ApiError ? e.message : String(e)))
      .finally(() => setBusy(false));
  };

  if (!info) return error ? <p class="error">{error}</p> : null;
  const left = info.leftDays;
  return (
    <section class="vacation-panel" data-testid="vacation-panel">
      <h2>{vw(lang, 'vacationTitle')}</h2>
      <p class="muted">{vw(lang, 'vacationWhy')}</p>
      <p>
        {vw(lang, 'allowance')}
        {lang === 'fr' ? '\u00a0: ' : ': '}
        <strong data-testid="vacation-left">{left}</strong> / {info.allowanceDays}
        <br />
        <small class="muted">{vw(lang, 'yearNote')}</small>
      </p>
      {info.current ? (
        <div class="vacation-now" role="status" data-testid="vacation-current">
          <p>
            {vw(lang, 'onVacationUntil')}{' '}
            <time dateTime={machineMoment(info.current.until)}>{formatDateTime(info.current.until, lang)}</time>.
          </p>
          <button type="button" class="primary" disabled={busy} onClick={() => act(endVacation(lang))}>
            {vw(lang, 'end')}
          </button>
        </div>
      ) : left > 0 ? (
        <form
          class="vacation-start"
          onSubmit={(e) => {
            e.preventDefault();
            act(startVacation(Math.min(days, left), lang));
          }}
        >
          <label>
            {vw(lang, 'days')}{' '}
            <input
              type="number"
              min={1}
              max={left}
              value={Math.min(days, left)}
              onInput={(e) => setDays(Math.max(1, Number((e.target as HTMLInputElement).value) || 1))}
              data-testid="vacation-days"
            />
          </label>{' '}
          <button type="submit" class="primary" disabled={busy} data-testid="vacation-start">
            {vw(lang, 'start')}
          </button>
          <small class="muted"> → {formatDate(Date.now() + Math.min(days, left) * 86_400_000, lang)}</small>
        </form>
      ) : (
        <p data-testid="vacation-none">{vw(lang, 'noneLeft')}</p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
