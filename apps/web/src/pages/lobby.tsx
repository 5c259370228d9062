import { useEffect, useState } from 'preact/hooks';
import type { MatchSummary } from '@roundtable/protocol';
import { metaOf } from '../games.ts';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { listMatches } from '../session/api.ts';
import { savedLocal } from '../session/local-store.ts';
import { forgetSeat, storedSeats, type StoredSeat } from '../session/tokens.ts';
import { useAccount } from '../social/account.ts';
import { myMatches } from '../social/api.ts';
import { word } from '../social/account-words.ts';
import { formatDateTime } from '../dates.ts';
import '../social/accounts.css';

export function Lobby() {
  const { lang, t } = useT();
  const [open, setOpen] = useState<MatchSummary[] | null>(null);
  const [active, setActive] = useState<MatchSummary[] | null>(null);
  const [down, setDown] = useState(false);
  const [mine, setMine] = useState<StoredSeat[]>(storedSeats);
  // Signed in: the matches where it is this person's turn (any device), marked in the lists below.
  const { me } = useAccount();
  const meId = me?.id;
  const [turns, setTurns] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (meId === undefined) return setTurns(new Set());
    const load = (): void =>
      void myMatches(lang)
        .then((r) => setTurns(new Set(r.matches.filter((m) => m.yourTurn).map((m) => m.match.id))))
        .catch(() => {});
    load();
    const timer = setInterval(load, 10_000);
    return () => clearInterval(timer);
  }, [meId, lang]);
  const turnMark = (id: string) =>
    turns.has(id) && (
      <>
        {' '}
        <span class="turn-mark" data-testid="lobby-your-turn">
          {word(lang, 'yourTurn')}
        </span>
      </>
    );

  useEffect(() => {
    const load = (): void => {
      listMatches('open', lang)
        .then((r) => setOpen(r.matches))
        .catch(() => setDown(true));
      listMatches('active', lang)
        .then((r) => setActive(r.matches))
        .catch(() => setDown(true));
    };
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, [lang]);

  const local = savedLocal();
  const name = (game: string): string => metaOf(game)?.name[lang] ?? game;
  const who = (m: MatchSummary): string =>
    m.seats
      .map((s) =>
        s.kind === 'bot'
          ? `${t('bot')} ${s.level ?? ''}`
          : s.kind === 'open'
            ? '—'
            : (s.name ?? `${lang === 'fr' ? 'Joueur' : 'Player'} ${s.seat + 1}`),
      )
      .join(' · ');

  return (
    <section class="lobby">
      {down && <p class="banner">{t('serverDown')}</p>}
      <h2>{t('myMatches')}</h2>
      {me && (
        <p>
          <a href="#/me" data-testid="lobby-my-account-matches">
            {word(lang, 'allMyMatches')} →
          </a>
        </p>
      )}
      {local && (
        <p class="match-list local-match">
          <span>
            {name(local.gameId)} · {t('here')} · {local.moves.length} {t('moves').toLowerCase()}
          </span>{' '}
          <button
            type="button"
            class="primary"
            onClick={() => navigate(`/local/${local.gameId}`)}
            data-testid="resume-local"
          >
            {t('resume')}
          </button>
        </p>
      )}
      {mine.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul class="match-list" data-testid="my-matches">
          {mine.map((s) => (
            <li key={s.match}>
              <span>
                {name(s.game)} · #{s.match} · {t('seat')} {s.seat + 1} · {formatDateTime(s.createdAt, lang)}
                {turnMark(s.match)}
              </span>
              <button type="button" class="primary" onClick={() => navigate(`/m/${s.match}`)}>
                {t('resume')}
              </button>
              <button
                type="button"
                onClick={() => {
                  forgetSeat(s.match);
                  setMine(storedSeats());
                }}
              >
                {t('forget')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2>{t('openMatches')}</h2>
      {!open || open.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul class="match-list" data-testid="open-matches">
          {open.map((m) => (
            <li key={m.id}>
              <span>
                {name(m.game)} · {who(m)}
                {m.seeded && (
                  <>
                    {' '}
                    ·{' '}
                    <em
                      title={lang === 'fr' ? 'Graine choisie par le créateur' : 'Seed chosen by its creator'}
                      data-testid="seeded"
                    >
                      {lang === 'fr' ? 'graine choisie' : 'seeded'}
                    </em>
                  </>
                )}
              </span>
              <button type="button" class="primary" onClick={() => navigate(`/m/${m.id}/join`)}>
                {t('join')}
              </button>
              <button type="button" onClick={() => navigate(`/m/${m.id}`)}>
                {t('watch')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2>{t('activeMatches')}</h2>
      {!active || active.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul class="match-list">
          {active.map((m) => (
            <li key={m.id}>
              <span>
                {name(m.game)} · {who(m)}
                {m.seeded && (
                  <>
                    {' '}
                    ·{' '}
                    <em
                      title={lang === 'fr' ? 'Graine choisie par le créateur' : 'Seed chosen by its creator'}
                      data-testid="seeded"
                    >
                      {lang === 'fr' ? 'graine choisie' : 'seeded'}
                    </em>
                  </>
                )}
                {turnMark(m.id)}
              </span>
              <button type="button" onClick={() => navigate(`/m/${m.id}`)}>
                {turns.has(m.id) ? t('resume') : t('watch')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
