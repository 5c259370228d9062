import { useEffect, useState } from 'preact/hooks';
import { SameAddressNote } from '../clubs/same-address-note.tsx';
import type { Lang, OptionSpec } from '@roundtable/core';
import type { CreateMatchRequest } from '@roundtable/protocol';
import { loadTable, metaOf } from '../games.ts';
import { BOT_LABELS, BOT_LEVELS, useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { playerWords } from '../player-words.ts';
import { roleName } from '../session/names.ts';
import { createMatch } from '../session/api.ts';
import { HoldField } from '../vacation/hold-field.tsx';
import { saveLocalSetup } from '../session/local-store.ts';
import { storeSeat } from '../session/tokens.ts';
import type { TableModule } from '../table-api.ts';
import { useAccount } from '../social/account.ts';
import { strengthSuffix, word } from '../social/account-words.ts';
import { TimeControlField } from '../social/time-control.tsx';
import { clockOf, NO_CLOCK, type TimeControl } from '../social/clock-choice.ts';

type SeatChoice = 'human' | 'open' | `bot:${string}`;

function defaultOf(spec: OptionSpec, players: number): boolean | number | string {
  if (spec.kind === 'integer') return typeof spec.default === 'function' ? spec.default(players) : spec.default;
  return spec.default;
}

/**
 * The seats for `players`: what was chosen before, else you first and bots after; switching where the match is
 * played (`switched`) puts you first again and, online, opens every other seat for friends.
 */
function seatsFor(
  prev: readonly SeatChoice[],
  players: number,
  where: 'local' | 'online',
  switched: boolean,
): SeatChoice[] {
  return Array.from({ length: players }, (_, i) => {
    const kept = prev[i];
    if (i === 0) return switched || !kept ? 'human' : kept;
    if (kept && !switched && !(where === 'local' && kept === 'open')) return kept;
    return where === 'online' ? 'open' : 'bot:easy';
  });
}

export function NewMatch({ gameId }: { gameId: string }) {
  const { lang, t } = useT();
  const meta = metaOf(gameId);
  const [module, setModule] = useState<TableModule | null>(null);
  const [where, setWhere] = useState<'local' | 'online'>('local');
  const [serverUp, setServerUp] = useState<boolean | null>(null);
  const [players, setPlayers] = useState(meta?.players[0] ?? 2);
  const [seats, setSeats] = useState<SeatChoice[]>(() => seatsFor([], meta?.players[0] ?? 2, 'local', false));
  const [options, setOptions] = useState<Record<string, boolean | number | string>>({});
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [name, setName] = useState(localStorage.getItem('rt.name') ?? '');
  const [seed, setSeed] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tc, setTc] = useState<TimeControl>(NO_CLOCK);
  const [rated, setRated] = useState(false);
  const [hold, setHold] = useState('easy');
  const { me } = useAccount();

  useEffect(() => {
    void loadTable(gameId)
      .then(setModule)
      .catch((e: Error) => setError(e.message));
    fetch('/healthz')
      .then((r) => setServerUp(r.ok))
      .catch(() => setServerUp(false));
  }, [gameId]);

  if (!meta) return <p>?</p>;
  const specs = module?.game.options ?? [];
  // A chosen seed would tell its chooser every hand: the server refuses it in a game with secrets while a seat is open.
  const seedRefused =
    where === 'online' && module !== null && !module.game.perfectInformation && seats.includes('open');
  // Rated: between accounts, online, you and open seats only (the server's RATED_SEATS); said when not possible.
  const ratedWhy = !me
    ? 'ratedNeedsAccount'
    : where !== 'online'
      ? 'ratedNeedsOnline'
      : seats.slice(1).some((x) => x !== 'open') || seats[0] !== 'human'
        ? 'ratedNeedsOpen'
        : null;
  const isRated = rated && ratedWhy === null;
  const fischerAllowed = module?.game.perfectInformation === true;
  const timeControl = where === 'online' ? (tc.kind === 'fischer' && !fischerAllowed ? NO_CLOCK : tc) : NO_CLOCK;
  const clock = clockOf(timeControl, lang);
  // The server refuses a rated match without a clock (RATED_NEEDS_CLOCK): said here before it is asked.
  const ratedWithoutClock = isRated && clock.ok && !clock.clock;
  const value = (spec: OptionSpec): boolean | number | string =>
    touched.has(spec.key) ? (options[spec.key] as boolean | number | string) : defaultOf(spec, players);
  const set = (key: string, v: boolean | number | string): void => {
    setOptions((prev) => ({ ...prev, [key]: v }));
    setTouched((prev) => new Set([...prev, key]));
  };
  // The seats change in the same event as the choice that changes them (never in an effect after the render,
  // which on a busy machine ran after the next choice and put "you" back on a seat just given to a bot).
  const choosePlayers = (n: number): void => {
    setPlayers(n);
    setSeats((prev) => seatsFor(prev, n, where, false));
  };
  const chooseWhere = (w: 'local' | 'online'): void => {
    if (w === where) return;
    setWhere(w);
    setSeats((prev) => seatsFor(prev, players, w, true));
  };

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!module || !clock.ok || ratedWithoutClock) return;
    setError(null);
    const opts: Record<string, unknown> = {};
    for (const s of specs) opts[s.key] = value(s);
    // No seed given: 128 random bits (the same form as the server's seeds, see SECURITY.md).
    const strong = (): string =>
      `v2:${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
    const seedValue = seed.trim() === '' ? strong() : /^-?\d+$/.test(seed.trim()) ? Number(seed.trim()) : seed.trim();
    if (name.trim()) localStorage.setItem('rt.name', name.trim());
    if (where === 'local') {
      saveLocalSetup({
        gameId,
        seats: seats.map((s, i) =>
          s.startsWith('bot:')
            ? { kind: 'bot', level: s.slice(4) }
            : { kind: 'human', ...(i === 0 && name.trim() ? { name: name.trim() } : {}) },
        ),
        options: opts,
        seed: seedValue,
        moves: [],
      });
      navigate(`/local/${gameId}?n=${Date.now().toString(36)}`);
      return;
    }
    setBusy(true);
    try {
      const answer = await createMatch(
        {
          game: gameId,
          options: opts,
          ...(seed.trim() && !seedRefused && !isRated ? { seed: seedValue } : {}),
          // The server takes `{days}` and `{baseSeconds, incrementSeconds}` and fills in `moveSeconds` itself.
          ...(clock.clock ? { clock: clock.clock as CreateMatchRequest['clock'] } : {}),
          ...(isRated ? { rated: true } : {}),
          ...(players > 2 ? { hold: hold === 'off' ? ('off' as const) : { bot: hold } } : {}),
          seats: seats.map((s) =>
            s === 'human'
              ? { kind: 'human', ...(name.trim() ? { name: name.trim() } : {}) }
              : s === 'open'
                ? { kind: 'open' }
                : { kind: 'bot', level: s.slice(4) },
          ),
        },
        lang,
      );
      for (const tk of answer.tokens)
        storeSeat({ match: answer.match.id, game: gameId, seat: tk.seat, token: tk.token, createdAt: Date.now() });
      navigate(`/m/${answer.match.id}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="new-match">
      <h1>
        {t('newMatch')} — {meta.name[lang]}
      </h1>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>{t('where')}</legend>
          <label class="radio">
            <input
              type="radio"
              name="where"
              value="local"
              checked={where === 'local'}
              onChange={() => chooseWhere('local')}
              data-testid="where-local"
            />{' '}
            {t('here')}
          </label>
          <label class="radio">
            <input
              type="radio"
              name="where"
              value="online"
              checked={where === 'online'}
              disabled={serverUp === false}
              onChange={() => chooseWhere('online')}
              data-testid="where-online"
            />{' '}
            {t('online')}
          </label>
          {serverUp === false && <p class="hint">{t('serverDown')}</p>}
        </fieldset>
        {meta.players[0] !== meta.players[1] && (
          <label class="field">
            {t('players')}
            <select
              value={players}
              onChange={(e) => choosePlayers(Number((e.target as HTMLSelectElement).value))}
              data-testid="players"
            >
              {Array.from({ length: meta.players[1] - meta.players[0] + 1 }, (_, i) => meta.players[0] + i).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset>
          <legend>{t('players')}</legend>
          {seats.map((s, i) => (
            <label class="field seat-row" key={i}>
              <span class="seat-name">
                {`${lang === 'fr' ? 'Joueur' : 'Player'} ${i + 1}`}
                {module && roleName(module.game, i, players, lang)
                  ? ` (${roleName(module.game, i, players, lang)})`
                  : ''}
              </span>
              <select
                value={s}
                data-testid={`seat-${i}`}
                onChange={(e) => {
                  const chosen = (e.target as HTMLSelectElement).value as SeatChoice;
                  setSeats((prev) => prev.map((x, k) => (k === i ? chosen : x)));
                }}
              >
                <option value="human">{i === 0 ? t('you') : t('human')}</option>
                {where === 'online' && i > 0 && <option value="open">{t('openSeat')}</option>}
                {BOT_LEVELS.map((l) => (
                  <option key={l} value={`bot:${l}`}>
                    {t('bot')} — {BOT_LABELS[l]?.[lang] ?? l}
                    {strengthSuffix(gameId, l, lang)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        {specs.length > 0 && (
          <fieldset>
            <legend>{t('options')}</legend>
            {specs.map((spec) => (
              <OptionField
                key={spec.key}
                spec={spec}
                lang={lang}
                value={value(spec)}
                onChange={(v) => set(spec.key, v)}
              />
            ))}
          </fieldset>
        )}
        {where === 'online' && (
          <>
            <TimeControlField
              value={timeControl}
              onChange={setTc}
              lang={lang}
              fischerAllowed={fischerAllowed}
              idPrefix="nm"
            />
            <fieldset>
              <legend>{word(lang, 'rated')}</legend>
              <label class="check-line">
                <input
                  type="checkbox"
                  checked={isRated}
                  disabled={ratedWhy !== null}
                  onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
                  data-testid="rated"
                />
                <span>{word(lang, 'ratedLabel')}</span>
              </label>
              {ratedWhy !== null ? (
                <p class="hint-muted" data-testid="rated-why">
                  {word(lang, ratedWhy)}
                  {ratedWhy === 'ratedNeedsAccount' && (
                    <>
                      {' '}
                      <a href="#/login">{word(lang, 'logIn')}</a> · <a href="#/signup">{word(lang, 'signUp')}</a>
                    </>
                  )}
                </p>
              ) : ratedWithoutClock ? (
                <p class="error" role="alert" data-testid="rated-clock">
                  {word(lang, 'ratedNeedsClock')}
                </p>
              ) : (
                isRated && <p class="hint-muted">{word(lang, 'ratedNoSeed')}</p>
              )}
              {isRated && <SameAddressNote lang={lang} />}
            </fieldset>
            {players > 2 && <HoldField value={hold} onChange={setHold} lang={lang} />}
          </>
        )}
        {((where === 'online' && !me) || (where === 'local' && seats[0] === 'human')) && (
          <label class="field">
            {t('yourName')}
            <input
              value={name}
              maxLength={40}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
              data-testid="name"
            />
          </label>
        )}
        {isRated ? null : seedRefused ? (
          <p class="hint" data-testid="seed-refused">
            {lang === 'fr'
              ? 'Pas de graine choisie quand un siège est ouvert\u00a0: qui la choisit connaîtrait toutes les mains. Le serveur tire la donne et publie son engagement (SHA-256), vérifiable à la fin.'
              : 'No chosen seed while a seat is open: whoever chose it would know every hand. The server draws the deal and publishes its commitment (SHA-256), to check at the end.'}
          </p>
        ) : (
          <label class="field">
            {t('seed')}
            <input
              value={seed}
              maxLength={100}
              onInput={(e) => setSeed((e.target as HTMLInputElement).value)}
              data-testid="seed"
            />
          </label>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          class="primary"
          disabled={!module || busy || !clock.ok || ratedWithoutClock}
          data-testid="create"
        >
          {module ? t('create') : t('loading')}
        </button>
      </form>
    </section>
  );
}

export function OptionField({
  spec,
  lang,
  value,
  onChange,
}: {
  spec: OptionSpec;
  lang: Lang;
  value: boolean | number | string;
  onChange: (v: boolean | number | string) => void;
}) {
  const help = playerWords(spec.help?.[lang]);
  if (spec.kind === 'boolean') {
    return (
      <label class="field check">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
          data-testid={`opt-${spec.key}`}
        />
        <span>
          {spec.label[lang]}
          {help && <small>{help}</small>}
        </span>
      </label>
    );
  }
  if (spec.kind === 'integer') {
    return (
      <label class="field">
        <span>
          {spec.label[lang]}
          {help && <small>{help}</small>}
        </span>
        <input
          type="number"
          min={spec.min}
          max={spec.max}
          value={String(value)}
          data-testid={`opt-${spec.key}`}
          onInput={(e) => {
            const n = Number((e.target as HTMLInputElement).value);
            if (Number.isInteger(n) && n >= spec.min && n <= spec.max) onChange(n);
          }}
        />
      </label>
    );
  }
  return (
    <label class="field">
      <span>
        {spec.label[lang]}
        {help && <small>{help}</small>}
      </span>
      <select
        value={String(value)}
        onChange={(e) => onChange((e.target as HTMLSelectElement).value)}
        data-testid={`opt-${spec.key}`}
      >
        {spec.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
