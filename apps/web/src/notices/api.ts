import type { Lang } from '@roundtable/core';
import type { EmailSettings, NoticePrefs, PushDevice } from '@roundtable/protocol';
import { call } from '../social/api.ts';

/** The server's routes for pushes, preferences and e-mail (apps/server/src/push/routes.ts, accounts/email-routes.ts). */
export const pushKey = (lang: Lang): Promise<{ publicKey: string }> => call('GET', '/api/push/key', lang);
export const devices = (lang: Lang): Promise<{ devices: PushDevice[] }> => call('GET', '/api/push/devices', lang);
export const addDevice = (sub: PushSubscriptionJSON, lang: Lang): Promise<{ device: PushDevice }> =>
  call('POST', '/api/push/devices', lang, { ...sub, lang });
export const removeDevice = (id: string, lang: Lang): Promise<void> =>
  call('DELETE', `/api/push/devices/${encodeURIComponent(id)}`, lang);
export const prefs = (lang: Lang): Promise<{ prefs: NoticePrefs }> => call('GET', '/api/notices/prefs', lang);
export const savePrefs = (p: NoticePrefs, lang: Lang): Promise<{ prefs: NoticePrefs }> =>
  call('PUT', '/api/notices/prefs', lang, { prefs: p });
export const email = (lang: Lang): Promise<EmailSettings> => call('GET', '/api/me/email', lang);
export const setEmail = (address: string, lang: Lang): Promise<EmailSettings> =>
  call('PUT', '/api/me/email', lang, { email: address });
export const verify = (token: string, lang: Lang): Promise<{ email: string }> =>
  call('POST', '/api/email/verify', lang, { token });
export const askReset = (address: string, lang: Lang): Promise<{ message: string }> =>
  call('POST', '/api/password-reset', lang, { email: address });
export const reset = (token: string, password: string, lang: Lang): Promise<{ name: string }> =>
  call('POST', '/api/password-reset/confirm', lang, { token, password });
