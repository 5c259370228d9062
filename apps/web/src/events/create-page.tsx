import { useEffect, useState } from 'preact/hooks';
import type { OptionSpec } from '@roundtable/core';
import type { CreateEventRequest, EventKind } from '@roundtable/protocol';
import { GAMES, loadTable, metaOf } from '../games.ts';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { failure } from '../pages/account.tsx';
import { OptionField } from '../pages/new-match.tsx';
import { useAccount } from '../social/account.ts';
import { clockOf, DEFAULTS, type TimeControl } from '../social/clock-choice.ts';
import { TimeControlField } from '../social/time-control.tsx';
import type { TableModule } from '../table-api.ts';
import { createEvent } from './api.ts';
import { KINDS } from './summary.tsx';
import { ew } from './words.ts';
import { fromLocalInput } from '../dates.ts';
import './events.css';

type Value = boolean | number | string;

const defaultOf = (spec: OptionSpec, players: number): Value =>
  spec.kind === 'integer' && typeof spec.default === 'function' ? spec.default(players) : (spec.default as Value);

/** An optional whole number typed in a field: undefined when empty, NaN when it is not a whole number. */
const wholeOrNone = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw.trim()));

/** `#/events/new`: the organiser's form (signed in). The server checks everything again and names what it refuses. */
export function CreateEventPage({ initialGame }: { initialGame: string | null }) {
  const { lang, t } = useT();
  const { me, loading } = useAccount();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<EventKind>('swiss');
  const [game, setGame] = useState(initialGame && metaOf(initialGame) ? initialGame : (GAMES[0]?.id ?? ''));
  const meta = metaOf(game);
  const [players, setPlayers] = useState(meta?.players[0] ?? 2);
  const [module, setModule] = useState<TableModule | null>(null);
  const [options, setOptions] = useState<Record<string, Value>>({});
  const [tc, setTc] = useState<TimeControl>({ kind: 'move', seconds: DEFAULTS.move });
  const [rated, setRated] = useState(false);
  const [startsAt, setStartsAt] = useState('');
  const [rounds, setRounds] = useState('3');
  const [minutes, setMinutes] = useState('30');
  const [minRating, setMinRating] = useState('');
  const [maxRating, setMaxRating] = useState('');
  const [minRatedGames, setMinRatedGames] = useState('');
  const [inviteCode, setInviteCode] = useState('');
  const [bots, setBots] = useState(false);
  const [berserk, setBerserk] = useState(true);
  const [maxEntrants, setMaxEntrants] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setModule(null);
    setOptions({});
    void loadTable(game)
      .then(setModule)
      .catch((e: Error) => setError(e.message));
  }, [game]);

  if (loading) return <p>{t('loading')}</p>;
  if (!me)
    return (
      <section class="events-page">
        <h1>{ew(lang, 'newEvent')}</h1>
        <p data-testid="event-need-account">
          {ew(lang, 'needAccount')} <a href="#/login">{lang === 'fr' ? 'Se connecter' : 'Log in'}</a>
        </p>
      </section>
    );

  const min = meta?.descriptor.minPlayers ?? 2;
  const max = meta?.descriptor.maxPlayers ?? 2;
  const specs = module?.game.options ?? [];
  const fischerAllowed = meta?.descriptor.perfectInformation === true;
  const timeControl = tc.kind === 'fischer' && !fischerAllowed ? { kind: 'move' as const, seconds: DEFAULTS.move } : tc;
  const clock = clockOf(timeControl, lang);
  const noClock = clock.ok && !clock.clock;
  const value = (spec: OptionSpec): Value => options[spec.key] ?? defaultOf(spec, players);

  const chooseGame = (id: string): void => {
    setGame(id);
    const m = metaOf(id);
    setPlayers(m?.players[0] ?? 2);
  };

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!clock.ok || !clock.clock || !module) return;
    setError(null);
    const opts: Record<string, unknown> = {};
    for (const s of specs) opts[s.key] = value(s);
    const conditions = {
      ...(wholeOrNone(minRating) !== undefined ? { minRating: wholeOrNone(minRating) } : {}),
      ...(wholeOrNone(maxRating) !== undefined ? { maxRating: wholeOrNone(maxRating) } : {}),
      ...(wholeOrNone(minRatedGames) !== undefined ? { minRatedGames: wholeOrNone(minRatedGames) } : {}),
      ...(inviteCode.trim() ? { inviteCode: inviteCode.trim() } : {}),
    };
    const start = fromLocalInput(startsAt);
    const body: CreateEventRequest = {
      name: name.trim(),
      kind,
      game,
      options: opts,
      players,
      clock: clock.clock,
      rated,
      bots,
      // Berserk needs an arena with a Fischer clock (a bank to halve); elsewhere it is left to the server's default.
      ...(kind === 'arena' && timeControl.kind === 'fischer' ? { berserk } : {}),
      ...(start !== undefined && Number.isFinite(start) ? { startsAt: start } : {}),
      ...(kind === 'swiss' ? { rounds: Number(rounds) } : {}),
      ...(kind === 'arena' ? { minutes: Number(minutes) } : {}),
      ...(Object.keys(conditions).length > 0 ? { conditions } : {}),
      ...(wholeOrNone(maxEntrants) !== undefined ? { maxEntrants: wholeOrNone(maxEntrants) } : {}),
    } as CreateEventRequest;
    setBusy(true);
    try {
      const r = await createEvent(body, lang);
      navigate(`/events/${encodeURIComponent(r.event.id)}`);
    } catch (err) {
      setError(failure(lang, err));
    } finally {
      setBusy(false);
    }
  };

  const numberField = (
    label: string,
    v: string,
    set: (s: string) => void,
    testid: string,
    lo: number,
    hi: number,
    help?: string,
  ) => (
    <label class="field">
      <span>
        {label}
        {help && <small>{help}</small>}
      </span>
      <input
        type="number"
        inputMode="numeric"
        min={lo}
        max={hi}
        value={v}
        onInput={(e) => set((e.target as HTMLInputElement).value)}
        data-testid={testid}
      />
    </label>
  );

  return (
    <section class="events-page event-form">
      <p>
        <a href="#/events">← {ew(lang, 'back')}</a>
      </p>
      <h1>{ew(lang, 'newEvent')}</h1>
      <form onSubmit={(e) => void submit(e)} data-testid="event-form">
        <label class="field">
          {ew(lang, 'name')}
          <input
            value={name}
            required
            maxLength={80}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            data-testid="event-name"
          />
        </label>
        <fieldset>
          <legend>{ew(lang, 'kind')}</legend>
          {KINDS.map((k) => (
            <label key={k} class="radio kind-choice">
              <input
                type="radio"
                name="event-kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                data-testid={`kind-${k}`}
              />
              <span>
                <strong>{ew(lang, k)}</strong>
                <small>{ew(lang, `${k}Help`)}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <label class="field">
          {ew(lang, 'game')}
          <select
            value={game}
            onChange={(e) => chooseGame((e.target as HTMLSelectElement).value)}
            data-testid="event-game"
          >
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name[lang]}
              </option>
            ))}
          </select>
        </label>
        <label class="field">
          {ew(lang, 'playersPerTable')}
          <select
            value={String(players)}
            onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}
            data-testid="event-players"
          >
            {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {kind === 'swiss' && numberField(ew(lang, 'rounds'), rounds, setRounds, 'event-rounds', 1, 30)}
        {kind === 'arena' && numberField(ew(lang, 'minutes'), minutes, setMinutes, 'event-minutes', 1, 1440)}
        {specs.length > 0 && (
          <fieldset>
            <legend>{ew(lang, 'options')}</legend>
            {specs.map((spec) => (
              <OptionField
                key={spec.key}
                spec={spec}
                lang={lang}
                value={value(spec)}
                onChange={(v) => setOptions((prev) => ({ ...prev, [spec.key]: v }))}
              />
            ))}
          </fieldset>
        )}
        <TimeControlField
          value={timeControl}
          onChange={setTc}
          lang={lang}
          fischerAllowed={fischerAllowed}
          idPrefix="ev"
        />
        {noClock && (
          <p class="error" role="alert" data-testid="event-need-clock">
            {ew(lang, 'needClock')}
          </p>
        )}
        <label class="check-line">
          <input
            type="checkbox"
            checked={rated}
            onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
            data-testid="event-rated"
          />
          <span>{ew(lang, 'ratedLabel')}</span>
        </label>
        <label class="field">
          <span>
            {ew(lang, 'startsAt')}
            <small>{ew(lang, 'startsAtHelp')}</small>
          </span>
          <input
            type="datetime-local"
            value={startsAt}
            onInput={(e) => setStartsAt((e.target as HTMLInputElement).value)}
            data-testid="event-starts"
          />
        </label>
        <fieldset>
          <legend>{ew(lang, 'conditions')}</legend>
          {numberField(ew(lang, 'minRating'), minRating, setMinRating, 'event-min-rating', 0, 5000)}
          {numberField(ew(lang, 'maxRating'), maxRating, setMaxRating, 'event-max-rating', 0, 5000)}
          {numberField(ew(lang, 'minRatedGames'), minRatedGames, setMinRatedGames, 'event-min-games', 0, 10000)}
          {numberField(ew(lang, 'maxEntrants'), maxEntrants, setMaxEntrants, 'event-max-entrants', 2, 10000)}
          <label class="field">
            <span>
              {ew(lang, 'inviteCode')}
              <small>{ew(lang, 'inviteCodeHelp')}</small>
            </span>
            <input
              value={inviteCode}
              maxLength={64}
              autoComplete="off"
              onInput={(e) => setInviteCode((e.target as HTMLInputElement).value)}
              data-testid="event-invite"
            />
          </label>
          <label class="check-line">
            <input
              type="checkbox"
              checked={bots}
              onChange={(e) => setBots((e.target as HTMLInputElement).checked)}
              data-testid="event-bots"
            />
            <span>{ew(lang, 'botsAllowed')}</span>
          </label>
          {kind === 'arena' && timeControl.kind === 'fischer' && (
            <label class="check-line">
              <input
                type="checkbox"
                checked={berserk}
                onChange={(e) => setBerserk((e.target as HTMLInputElement).checked)}
                data-testid="event-berserk-allowed"
              />
              <span>{ew(lang, 'berserkAllowed')}</span>
            </label>
          )}
        </fieldset>
        {error && (
          <p class="error" role="alert" data-testid="event-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          class="primary"
          disabled={busy || !module || !clock.ok || noClock}
          data-testid="event-create"
        >
          {ew(lang, 'create')}
        </button>
      </form>
    </section>
  );
}
