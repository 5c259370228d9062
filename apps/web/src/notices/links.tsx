import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n.ts';
import * as api from './api.ts';
import { NW, nw } from './words.ts';

/** `#/verify/<token>`: the link of a verification mail; the page proves the address once opened (a POST). */
export function VerifyPage({ token }: { token: string }) {
  const { lang } = useT();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void api.verify(token, lang).then(
      (r) => setState({ ok: true, text: NW.verifiedDone[lang](r.email) }),
      (e: Error) => setState({ ok: false, text: e.message }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a link is used once: not again when the language changes
  }, [token]);
  return (
    <section class="account-page">
      <h1>{nw(lang, 'verifyTitle')}</h1>
      {state === null ? (
        <p>{nw(lang, 'verifying')}</p>
      ) : (
        <p class={state.ok ? '' : 'error'} role="status" data-testid="verify-result" data-ok={String(state.ok)}>
          {state.text}
        </p>
      )}
      <p>
        <a href="#/settings">{nw(lang, 'settingsTitle')}</a>
      </p>
    </section>
  );
}

/** `#/forgot`: asks for a reset link; the answer is the same for any address. */
export function ForgotPage() {
  const { lang } = useT();
  const [address, setAddress] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section class="account-page">
      <div class="account-card">
        <h1>{nw(lang, 'forgotTitle')}</h1>
        <p class="muted">{nw(lang, 'forgotWhy')}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void api.askReset(address, lang).then(
              (r) => setAnswer({ ok: true, text: r.message }),
              (err: Error) => setAnswer({ ok: false, text: err.message }),
            );
          }}
        >
          <label class="stacked">
            <span>{nw(lang, 'address')}</span>
            <input
              type="email"
              value={address}
              required
              maxLength={254}
              autocomplete="email"
              onInput={(e) => setAddress((e.target as HTMLInputElement).value)}
              data-testid="forgot-email"
            />
          </label>
          <button type="submit" class="primary wide" data-testid="forgot-send">
            {nw(lang, 'send')}
          </button>
        </form>
        {answer && (
          <p class={answer.ok ? '' : 'error'} role="status" data-testid="forgot-answer">
            {answer.text}
          </p>
        )}
      </div>
    </section>
  );
}

/** `#/reset/<token>`: the new password, set with the mailed link (once). */
export function ResetPage({ token }: { token: string }) {
  const { lang } = useT();
  const [password, setPassword] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section class="account-page">
      <div class="account-card">
        <h1>{nw(lang, 'resetTitle')}</h1>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void api.reset(token, password, lang).then(
              (r) => setAnswer({ ok: true, text: NW.resetDone[lang](r.name) }),
              (err: Error) => setAnswer({ ok: false, text: err.message }),
            );
          }}
        >
          <label class="stacked">
            <span>{nw(lang, 'newPassword')}</span>
            <input
              type="password"
              value={password}
              required
              maxLength={200}
              autocomplete="new-password"
              onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
              data-testid="reset-password"
            />
          </label>
          <button type="submit" class="primary wide" data-testid="reset-send">
            {nw(lang, 'setPassword')}
          </button>
        </form>
        {answer && (
          <p class={answer.ok ? '' : 'error'} role="status" data-testid="reset-answer" data-ok={String(answer.ok)}>
            {answer.text} {answer.ok && <a href="#/login">→</a>}
          </p>
        )}
      </div>
    </section>
  );
}
