import { useEffect, useState } from 'preact/hooks';
import { DIGEST_HOURS, NOTICE_KINDS } from '@roundtable/protocol/notice-kinds';
import type { EmailSettings, NoticePrefs, PushDevice } from '@roundtable/protocol';
import { useT } from '../i18n.ts';
import { useAccount } from '../social/account.ts';
import * as api from './api.ts';
import { pushSupport, subscribeThisDevice } from './device.ts';
import { NW, nw } from './words.ts';
import { formatDate } from '../dates.ts';
import { BotAccountPanel } from '../social/bot-account.tsx';
import { VacationPanel } from '../vacation/vacation-panel.tsx';

/**
 * `#/settings`: how Round Table calls a signed-in player back with every tab closed — notifications on each of the
 * account's devices (this one added with a press, any removed), which events ring, and the e-mail address with its
 * digest (or why e-mail is off on this server).
 */
export function NoticeSettings() {
  const { lang } = useT();
  const { me, loading } = useAccount();
  const [list, setList] = useState<PushDevice[] | null>(null);
  const [prefs, setPrefs] = useState<NoticePrefs | null>(null);
  const [mail, setMail] = useState<EmailSettings | null>(null);
  const [address, setAddress] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const support = pushSupport();

  const load = (): void => {
    void Promise.all([api.devices(lang), api.prefs(lang), api.email(lang)])
      .then(([d, p, e]) => {
        setList(d.devices);
        setPrefs(p.prefs);
        setMail(e);
        setAddress((a) => a || e.email || '');
      })
      .catch((e: Error) => setError(e.message));
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per account and language
  useEffect(() => (me ? load() : undefined), [me?.id, lang]);

  if (loading) return <p>…</p>;
  if (!me)
    return (
      <section class="account-page">
        <p data-testid="settings-login">
          <a href="#/login">{nw(lang, 'signInFirst')}</a>
        </p>
      </section>
    );

  const act = (p: Promise<unknown>, done?: string): void => {
    setError(null);
    setNote(null);
    void p.then(
      () => {
        if (done) setNote(done);
        load();
      },
      (e: Error) => setError(e.message === 'denied' ? nw(lang, 'denied') : e.message),
    );
  };
  const change = (next: NoticePrefs): void => {
    setPrefs(next);
    act(api.savePrefs(next, lang), nw(lang, 'saved'));
  };

  return (
    <section class="account-page notice-settings" data-testid="settings">
      <h1>{nw(lang, 'settingsTitle')}</h1>
      {error && (
        <p class="error" role="alert" data-testid="settings-error">
          {error}
        </p>
      )}
      {note && (
        <p role="status" data-testid="settings-note">
          {note}
        </p>
      )}

      <h2>{nw(lang, 'pushTitle')}</h2>
      <p class="muted">{nw(lang, 'pushWhy')}</p>
      {support === 'yes' ? (
        <button
          type="button"
          class="primary"
          data-testid="push-this-device"
          onClick={() => act(subscribeThisDevice(lang))}
        >
          {nw(lang, 'thisDevice')}
        </button>
      ) : (
        <p class="muted" data-testid="push-unsupported">
          {nw(lang, support === 'denied' ? 'denied' : 'noPush')}
        </p>
      )}
      <h3>{nw(lang, 'devices')}</h3>
      {list && list.length === 0 && <p class="muted">{nw(lang, 'noDevices')}</p>}
      <ul class="devices" data-testid="devices">
        {list?.map((d) => (
          <li key={d.id} data-device={d.id}>
            <span>
              {d.device} · {d.service} · {nw(lang, 'added')} {formatDate(d.createdAt, lang)}
            </span>{' '}
            <button
              type="button"
              class="link"
              onClick={() => act(api.removeDevice(d.id, lang))}
              data-testid="remove-device"
            >
              {nw(lang, 'remove')}
            </button>
          </li>
        ))}
      </ul>
      {prefs && (
        <fieldset data-testid="push-kinds">
          <legend>{nw(lang, 'kinds')}</legend>
          {NOTICE_KINDS.map((k) => (
            <label class="check-line" key={k}>
              <input
                type="checkbox"
                checked={prefs.push[k]}
                data-testid={`kind-${k}`}
                onChange={(e) =>
                  change({ ...prefs, push: { ...prefs.push, [k]: (e.target as HTMLInputElement).checked } })
                }
              />{' '}
              {nw(lang, k)}
            </label>
          ))}
        </fieldset>
      )}

      <h2>{nw(lang, 'emailTitle')}</h2>
      {mail && !mail.enabled ? (
        <p class="muted" data-testid="email-off">
          {nw(lang, 'emailOff')}
        </p>
      ) : (
        mail && (
          <>
            <p class="muted">{nw(lang, 'emailWhy')}</p>
            {mail.email && (
              <p data-testid="email-state" data-verified={String(mail.verified)}>
                <strong>{mail.email}</strong> — {mail.verified ? nw(lang, 'verified') : nw(lang, 'unverified')}
              </p>
            )}
            <form
              onSubmit={(e) => {
                e.preventDefault();
                act(api.setEmail(address, lang), nw(lang, 'sent'));
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
                  data-testid="email-input"
                />
              </label>
              <button type="submit" data-testid="email-save">
                {nw(lang, 'save')}
              </button>
            </form>
            {prefs && (
              <label class="stacked">
                <span>{nw(lang, 'digest')}</span>
                <select
                  value={String(prefs.digestHours)}
                  data-testid="digest"
                  onChange={(e) => change({ ...prefs, digestHours: Number((e.target as HTMLSelectElement).value) })}
                >
                  {DIGEST_HOURS.map((h) => (
                    <option key={h} value={String(h)}>
                      {h === 0 ? nw(lang, 'never') : NW.every[lang](h)}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </>
        )
      )}
      <VacationPanel lang={lang} />
      <BotAccountPanel />
    </section>
  );
}
