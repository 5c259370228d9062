import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { setMe, useAccount } from '../social/account.ts';
import type { Me } from '../social/api.ts';
import { failure } from '../pages/account.tsx';
import '../social/accounts.css';
import './clubs.css';
import { clubOfCode, foundClub, joinClub, leaveClub, myClubs, newClubCode, signUpIntoClub, type Club } from './api.ts';
import { colon, cw, limitsLine } from './words.ts';

const inviteLink = (code: string): string => `${location.origin}${location.pathname}#/clubs/join/${code}`;

/** One club: its members, its limits, and for its owner the invitation code and link. */
function ClubCard({ club, lang, me, onChange }: { club: Club; lang: Lang; me: Me; onChange: (c: Club) => void }) {
  const [error, setError] = useState<string | null>(null);
  const act = (p: Promise<{ club: Club }>): void =>
    void p.then((r) => onChange(r.club)).catch((e: unknown) => setError(failure(lang, e)));
  const owner = club.owner === me.name;
  return (
    <article class="club-card" data-testid="club" data-club={club.name}>
      <h2>{club.name}</h2>
      <p class="muted small">
        {cw(lang, 'owner')}
        {colon(lang)}
        <a href={`#/players/${encodeURIComponent(club.owner)}`}>{club.owner}</a>
      </p>
      {club.code !== undefined && (
        <div class="club-invite">
          <p>
            {cw(lang, 'code')}
            {colon(lang)}
            <code data-testid="club-code">{club.code}</code>
          </p>
          <label class="stacked">
            <span>{cw(lang, 'link')}</span>
            <input
              readOnly
              value={inviteLink(club.code)}
              data-testid="club-link"
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
          <p class="muted small">{cw(lang, 'linkHint')}</p>
          <button type="button" onClick={() => act(newClubCode(club.id, lang))} data-testid="club-new-code">
            {cw(lang, 'newCode')}
          </button>
        </div>
      )}
      <h3>
        {cw(lang, 'members')} ({club.members.length})
      </h3>
      <ul class="club-members" data-testid="club-members">
        {club.members.map((m) => (
          <li key={m.name}>
            <a href={`#/players/${encodeURIComponent(m.name)}`}>{m.name}</a>
            {owner && m.name !== club.owner && (
              <button type="button" class="link" onClick={() => act(leaveClub(club.id, m.name, lang))}>
                {cw(lang, 'remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p class="muted small">
        {cw(lang, 'limits')}
        {colon(lang)}
        {limitsLine(lang, club.limits)} {cw(lang, 'wards')}
      </p>
      {!owner && (
        <button type="button" onClick={() => act(leaveClub(club.id, me.name, lang))} data-testid="club-leave">
          {cw(lang, 'leave')}
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

/** An invitation link opened by a guest: create an account into the club (counted against the club's day). */
function SignUpInto({ code, lang }: { code: string; lang: Lang }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await signUpIntoClub(code, name, password, lang);
      setMe(r.me);
      navigate('/clubs');
    } catch (err) {
      setError(failure(lang, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="club-signup-form" class="club-form">
      <h2>{cw(lang, 'signupInto')}</h2>
      <label class="stacked">
        <span>{cw(lang, 'name')}</span>
        <input
          value={name}
          required
          maxLength={60}
          autocomplete="username"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
          data-testid="club-signup-name"
        />
      </label>
      <label class="stacked">
        <span>{cw(lang, 'password')}</span>
        <input
          type="password"
          value={password}
          required
          maxLength={200}
          autocomplete="new-password"
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          data-testid="club-signup-password"
        />
      </label>
      {error && (
        <p class="error" role="alert" data-testid="club-error">
          {error}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy} data-testid="club-signup-submit">
        {cw(lang, 'signUp')}
      </button>
      <p class="muted small">
        <a href="#/login">{cw(lang, 'orLogIn')}</a>
      </p>
    </form>
  );
}

/**
 * `#/clubs`: the signed-in account's clubs, founding one, joining one by its code; `#/clubs/join/<code>`: an
 * invitation link (a guest creates an account into the club there, a signed-in person joins).
 */
export function ClubsPage({ code }: { code: string | null }) {
  const { lang } = useT();
  const { me, loading } = useAccount();
  const [clubs, setClubs] = useState<Club[] | null>(null);
  const [invited, setInvited] = useState<Club | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [typed, setTyped] = useState(code ?? '');
  const meName = me?.name;
  useEffect(() => {
    if (!meName) return setClubs(null);
    void myClubs(lang)
      .then((r) => setClubs(r.clubs))
      .catch((e: unknown) => setError(failure(lang, e)));
  }, [meName, lang]);
  useEffect(() => {
    if (code === null) return;
    void clubOfCode(code, lang)
      .then((r) => setInvited(r.club))
      .catch((e: unknown) => setError(failure(lang, e)));
  }, [code, lang]);
  const replace = (c: Club): void => setClubs((cs) => [...(cs ?? []).filter((x) => x.id !== c.id), c]);
  const run = (p: Promise<{ club: Club }>): void => {
    setError(null);
    void p.then((r) => replace(r.club)).catch((e: unknown) => setError(failure(lang, e)));
  };
  const member = invited && clubs?.some((c) => c.id === invited.id);
  return (
    <section class="clubs-page" data-testid="clubs-page">
      <h1>{cw(lang, 'title')}</h1>
      <p>{cw(lang, 'intro')}</p>
      {invited && (
        <div class="club-invited" data-testid="club-invited">
          <h2>
            {cw(lang, 'invited')}
            {colon(lang)}
            {invited.name}
          </h2>
          <p class="muted small">
            {cw(lang, 'owner')}
            {colon(lang)}
            {invited.owner} · {cw(lang, 'members')}
            {colon(lang)}
            {invited.members.length}
          </p>
          {!loading && !me && code && <SignUpInto code={code} lang={lang} />}
          {me && !member && code && (
            <button
              type="button"
              class="primary"
              onClick={() => run(joinClub(code, lang))}
              data-testid="club-join-invited"
            >
              {cw(lang, 'joinButton')}
            </button>
          )}
          {member && <p data-testid="club-joined">{cw(lang, 'joined')}</p>}
        </div>
      )}
      {error && (
        <p class="error" role="alert" data-testid="club-error">
          {error}
        </p>
      )}
      {me && clubs && (
        <>
          <h2>{cw(lang, 'yourClubs')}</h2>
          {clubs.length === 0 && <p class="muted">{cw(lang, 'none')}</p>}
          <div class="club-cards">
            {clubs.map((c) => (
              <ClubCard key={c.id} club={c} lang={lang} me={me} onChange={replace} />
            ))}
          </div>
          <div class="club-forms">
            <form
              class="club-form"
              data-testid="club-found-form"
              onSubmit={(e) => {
                e.preventDefault();
                run(foundClub(name, lang));
              }}
            >
              <h2>{cw(lang, 'found')}</h2>
              <p class="muted small">{cw(lang, 'foundHint')}</p>
              <label class="stacked">
                <span>{cw(lang, 'clubName')}</span>
                <input
                  value={name}
                  required
                  maxLength={40}
                  onInput={(e) => setName((e.target as HTMLInputElement).value)}
                  data-testid="club-name"
                />
              </label>
              <button type="submit" class="primary" data-testid="club-found">
                {cw(lang, 'create')}
              </button>
            </form>
            <form
              class="club-form"
              data-testid="club-join-form"
              onSubmit={(e) => {
                e.preventDefault();
                run(joinClub(typed.trim(), lang));
              }}
            >
              <h2>{cw(lang, 'join')}</h2>
              <label class="stacked">
                <span>{cw(lang, 'code')}</span>
                <input
                  value={typed}
                  required
                  maxLength={40}
                  autocomplete="off"
                  onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
                  data-testid="club-code-input"
                />
              </label>
              <button type="submit" data-testid="club-join">
                {cw(lang, 'joinButton')}
              </button>
            </form>
          </div>
        </>
      )}
    </section>
  );
}
