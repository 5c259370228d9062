import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '@roundtable/core';
import { EmailRequest, LinkToken, ResetRequest, VerifyRequest } from '@roundtable/protocol';
import { fail, parseBody } from '../notices/http.ts';
import { requestLang } from '../social/lang.ts';
import type { EmailService } from './email.ts';
import { currentAccount } from './routes.ts';
import type { AccountService } from './service.ts';

export const EMAIL_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/me/email',
    what: 'the account’s address, whether it is verified, the digest, and whether e-mail is on',
  },
  { method: 'PUT', path: '/api/me/email', what: 'set the address {email}: a link that proves it is mailed' },
  { method: 'DELETE', path: '/api/me/email', what: 'remove the address' },
  { method: 'POST', path: '/api/email/verify', what: 'prove an address: {token} from the mailed link (once, 24 h)' },
  {
    method: 'POST',
    path: '/api/password-reset',
    what: 'a forgotten password: {email} → 202, the same answer for any address',
  },
  { method: 'POST', path: '/api/password-reset/confirm', what: 'the new password: {token, password} (once, 1 h)' },
  { method: 'GET', path: '/api/mail/unsubscribe?token=', what: 'the digest’s unsubscribe page' },
  { method: 'POST', path: '/api/mail/unsubscribe?token=', what: 'unsubscribe in one request (RFC 8058 one-click)' },
];

const page = (lang: Lang, title: string, body: string): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem"><h1>${title}</h1>${body}</body></html>`;

function tokenOf(req: FastifyRequest): string | null {
  const t = (req.query as { token?: unknown } | undefined)?.token;
  return typeof t === 'string' && LinkToken.safeParse(t).success ? t : null;
}

/** The e-mail side of accounts: the address, its proof, a forgotten password, the digest's unsubscribe. */
export function registerEmailRoutes(app: FastifyInstance, accounts: AccountService, email: EmailService): void {
  app.get('/api/me/email', async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    return email.settings(me);
  });

  app.put('/api/me/email', { bodyLimit: 2048 }, async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const body = parseBody(EmailRequest, req.body);
    if (!body.ok) return fail(reply, req, { code: 'BAD_EMAIL' });
    const r = await email.setAddress(me, body.value.email, requestLang(req));
    if (!r.ok) return fail(reply, req, r.error);
    return reply.code(202).send(r.value);
  });

  app.delete('/api/me/email', async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    await email.removeAddress(me);
    return reply.code(204).send();
  });

  app.post('/api/email/verify', { bodyLimit: 2048 }, async (req, reply) => {
    const body = parseBody(VerifyRequest, req.body);
    if (!body.ok) return fail(reply, req, { code: 'BAD_LINK' });
    const r = await email.verify(body.value.token);
    return r.ok ? r.value : fail(reply, req, r.error);
  });

  app.post('/api/password-reset', { bodyLimit: 2048 }, async (req, reply) => {
    const body = parseBody(EmailRequest, req.body);
    if (!body.ok) return fail(reply, req, { code: 'BAD_EMAIL' });
    const r = await email.requestReset(body.value.email, req.ip, requestLang(req));
    return r.ok ? reply.code(202).send(r.value) : fail(reply, req, r.error);
  });

  app.post('/api/password-reset/confirm', { bodyLimit: 4096 }, async (req, reply) => {
    const body = parseBody(ResetRequest, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const r = await email.reset(body.value.token, body.value.password);
    return r.ok ? r.value : fail(reply, req, r.error);
  });

  // The unsubscribe link of a digest: GET shows a button (a mail scanner following links unsubscribes nobody);
  // POST, which mail clients send by themselves (List-Unsubscribe-Post), does it.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.get('/api/mail/unsubscribe', async (req, reply) => {
      const lang = requestLang(req);
      const token = tokenOf(req);
      const fr = lang === 'fr';
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!token) return reply.code(400).send(page(lang, fr ? 'Lien invalide' : 'Invalid link', ''));
      return page(
        lang,
        fr ? 'Ne plus recevoir le résumé' : 'Stop the digest',
        `<form method="post"><p>${fr ? 'Vous ne recevrez plus le résumé de vos parties par e-mail.' : 'You will no longer get the digest of your matches by e-mail.'}</p><button type="submit">${fr ? 'Me désabonner' : 'Unsubscribe'}</button></form>`,
      );
    });
    scope.post('/api/mail/unsubscribe', async (req, reply) => {
      const token = tokenOf(req);
      if (!token) return fail(reply, req, { code: 'BAD_LINK' });
      const r = await email.unsubscribe(token);
      if (!r.ok) return fail(reply, req, r.error);
      const lang = requestLang(req);
      reply.type('text/html; charset=utf-8');
      return page(
        lang,
        lang === 'fr' ? 'C’est fait' : 'Done',
        `<p>${lang === 'fr' ? 'Plus de résumé par e-mail.' : 'No more digests by e-mail.'}</p>`,
      );
    });
  });
}
