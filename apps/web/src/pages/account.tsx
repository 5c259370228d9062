import { useState } from 'preact/hooks';
import { navigate } from '../router.ts';
import { setMe, useAccount } from '../social/account.ts';
import { nw } from '../notices/words.ts';
import { ApiError, claimSeats, logIn, myMatches, signUp } from '../social/api.ts';
import { claimedSentence, errorSentence, useWords } from '../social/account-words.ts';
import { storedSeats } from '../session/tokens.ts';
import type { Lang } from '@roundtable/core';
import '../social/accounts.css';

/** A failure as a sentence: the server's code when it sent one, else "the server cannot be reached". */
export function failure(lang: Lang, e: unknown): string {
  if (e instanceof ApiError) return errorSentence(lang, e.code, e.details, e.message);
  if ((e as Error)?.name === 'AbortError') return errorSentence(lang, 'PLAY_NOW_CANCELLED', {}, '');
  return errorSentence(lang, 'NETWORK', {}, String(e));
}

/**
 * Right after a sign-up or a login: the seats this browser took as a guest (session/tokens.ts) become the
 * account's, so they follow the person to every device. Returns how many did.
 */
export async function claimGuestSeats(lang: Lang): Promise<number> {
  // Seats the account holds already (claimed at an earlier login) are not counted again.
  const held = new Set((await myMatches(lang)).matches.map((m) => `${m.match.id}/${m.seat}`));
  const tokens = storedSeats()
    .filter((s) => !held.has(`${s.match}/${s.seat}`))
    .map((s) => s.token);
  let claimed = 0;
  // The server takes 100 tokens at a time; tokens.ts keeps 100 at most.
  for (let i = 0; i < tokens.length; i += 100)
    claimed += (await claimSeats(tokens.slice(i, i + 100), lang)).claimed.length;
  return claimed;
}

/** `#/signup` and `#/login`: a name and a password; the server's refusals shown as sentences. */
export function AccountPage({ mode }: { mode: 'signup' | 'login' }) {
  const { lang, w } = useWords();
  const { me } = useAccount();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ name: string; claimed: number | null } | null>(null);
  const signup = mode === 'signup';

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const answer = signup ? await signUp(name.trim(), password, lang) : await logIn(name.trim(), password, lang);
      setMe(answer.me);
      let claimed: number | null = null;
      try {
        claimed = await claimGuestSeats(lang);
      } catch {
        claimed = null;
      }
      setDone({ name: answer.me.name, claimed });
      setPassword('');
    } catch (err) {
      setError(failure(lang, err));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section class="account-page" data-testid="account-done">
        <div class="account-card">
          <h1>
            {signup ? w('welcome') : w('welcomeBack')}, {done.name}
          </h1>
          {done.claimed !== null && (
            <p class="claim-note" role="status" data-testid="claimed" data-count={done.claimed}>
              {claimedSentence(lang, done.claimed)}
            </p>
          )}
          <div class="actions">
            <button type="button" class="primary" onClick={() => navigate('/me')} data-testid="go-my-matches">
              {w('goMyMatches')}
            </button>
            <button type="button" onClick={() => navigate('/')}>
              {w('goPlay')}
            </button>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section class="account-page">
      <div class="account-card">
        <h1>{signup ? w('signUpTitle') : w('logInTitle')}</h1>
        {signup && <p class="muted">{w('signUpWhy')}</p>}
        {me && (
          <p class="muted" data-testid="already">
            {w('signedInAs')} <strong>{me.name}</strong>
          </p>
        )}
        <form onSubmit={(e) => void submit(e)} data-testid={`${mode}-form`}>
          <label class="stacked">
            <span>{w('name')}</span>
            <input
              name="username"
              value={name}
              required
              maxLength={60}
              autocomplete="username"
              autoCapitalize="none"
              aria-describedby={signup ? 'name-hint' : undefined}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
              data-testid="account-name"
            />
            {signup && <small id="name-hint">{w('nameHint')}</small>}
          </label>
          <label class="stacked">
            <span>{w('password')}</span>
            <input
              name="password"
              type={show ? 'text' : 'password'}
              value={password}
              required
              maxLength={200}
              autocomplete={signup ? 'new-password' : 'current-password'}
              aria-describedby={signup ? 'password-hint' : undefined}
              onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
              data-testid="account-password"
            />
            {signup && <small id="password-hint">{w('passwordHint')}</small>}
          </label>
          <label class="check-line">
            <input type="checkbox" checked={show} onChange={(e) => setShow((e.target as HTMLInputElement).checked)} />{' '}
            {w('showPassword')}
          </label>
          {error && (
            <p class="error" role="alert" data-testid="account-error">
              {error}
            </p>
          )}
          <button type="submit" class="primary wide" disabled={busy} data-testid="account-submit">
            {busy ? w('working') : signup ? w('signUp') : w('logIn')}
          </button>
        </form>
        {!signup && (
          <p class="switch">
            <a href="#/forgot" data-testid="forgot-link">
              {nw(lang, 'forgot')}
            </a>
          </p>
        )}
        <p class="switch">
          {signup ? w('haveAccount') : w('noAccount')}{' '}
          <a href={signup ? '#/login' : '#/signup'}>{signup ? w('logIn') : w('signUp')}</a>
        </p>
      </div>
    </section>
  );
}
