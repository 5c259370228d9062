import type { Lang } from '@roundtable/core';
import type { Mail } from './mailer.ts';

const NB = '\u00a0';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(
  lang: Lang,
  paragraphs: readonly string[],
  link: { href: string; label: string } | null,
  footer: string,
): string {
  return `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f1a2b;max-width:36rem">
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
${link ? `<p><a href="${escape(link.href)}" style="background:#2b2140;color:#fff;padding:.5rem 1rem;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>` : ''}
<p style="color:#6b6577;font-size:.9em">${footer}</p></body></html>`;
}

/** The mail that proves an address: a link that works once, for a day. */
export function verifyMail(lang: Lang, to: string, name: string, link: string): Mail {
  const fr = lang === 'fr';
  const hello = fr ? `Bonjour ${name},` : `Hello ${name},`;
  const ask = fr
    ? 'Pour que Round Table puisse vous écrire (nouveau mot de passe, résumé de vos parties), confirmez cette adresse. Le lien sert une fois et expire dans 24\u00a0heures.'
    : 'To let Round Table write to you (a new password, a digest of your matches), confirm this address. The link works once and expires in 24 hours.';
  const notYou = fr
    ? 'Si vous n’avez rien demandé, ignorez ce message.'
    : 'If you did not ask for this, ignore this message.';
  const label = fr ? 'Confirmer l’adresse' : 'Confirm the address';
  return {
    to,
    subject: fr ? `Round Table${NB}: confirmez votre adresse` : 'Round Table: confirm your address',
    text: `${hello}\n\n${ask}\n\n${link}\n\n${notYou}\n`,
    html: page(lang, [escape(hello), escape(ask)], { href: link, label }, escape(notYou)),
  };
}

/** The mail of a forgotten password: a link that works once, for an hour. */
export function resetMail(lang: Lang, to: string, name: string, link: string): Mail {
  const fr = lang === 'fr';
  const hello = fr ? `Bonjour ${name},` : `Hello ${name},`;
  const ask = fr
    ? 'Quelqu’un (vous, espérons-le) a demandé un nouveau mot de passe pour ce compte. Le lien sert une fois et expire dans une heure.'
    : 'Someone (you, we hope) asked for a new password for this account. The link works once and expires in an hour.';
  const notYou = fr
    ? 'Si ce n’était pas vous, ignorez ce message\u00a0: votre mot de passe ne change pas.'
    : 'If it was not you, ignore this message: your password does not change.';
  const label = fr ? 'Choisir un nouveau mot de passe' : 'Choose a new password';
  return {
    to,
    subject: fr ? `Round Table${NB}: nouveau mot de passe` : 'Round Table: a new password',
    text: `${hello}\n\n${ask}\n\n${link}\n\n${notYou}\n`,
    html: page(lang, [escape(hello), escape(ask)], { href: link, label }, escape(notYou)),
  };
}

export interface DigestLine {
  readonly game: string;
  readonly against: string;
  readonly link: string;
}

/** An opponent back from vacation since the last digest (vacation/): who, in which match. */
export interface DigestBack {
  readonly name: string;
  readonly game: string;
  readonly link: string;
}

/** The digest of the matches waiting for the player's move, with its one-click unsubscribe (RFC 8058). */
export function digestMail(
  lang: Lang,
  to: string,
  name: string,
  lines: readonly DigestLine[],
  unsubscribe: string,
  everyHours: number,
  back: readonly DigestBack[] = [],
): Mail {
  const fr = lang === 'fr';
  const n = lines.length;
  const hello = fr ? `Bonjour ${name},` : `Hello ${name},`;
  const lead = fr
    ? `${n}${NB}partie${n > 1 ? 's attendent' : ' attend'} votre coup${NB}:`
    : `${n} match${n > 1 ? 'es are' : ' is'} waiting for your move:`;
  const backLead = fr ? `De retour de vacances${NB}:` : 'Back from vacation:';
  const backText =
    back.length > 0 ? `\n\n${backLead}\n${back.map((b) => `- ${b.name} (${b.game}): ${b.link}`).join('\n')}` : '';
  const backHtml =
    back.length > 0
      ? `${escape(backLead)}<ul>${back.map((b) => `<li><a href="${escape(b.link)}">${escape(b.name)}</a> (${escape(b.game)})</li>`).join('')}</ul>`
      : '';
  const text =
    lines.map((l) => `- ${l.game}, ${fr ? 'contre' : 'against'} ${l.against}: ${l.link}`).join('\n') + backText;
  const html =
    `<ul>${lines.map((l) => `<li><a href="${escape(l.link)}">${escape(l.game)}</a>, ${fr ? 'contre' : 'against'} ${escape(l.against)}</li>`).join('')}</ul>` +
    backHtml;
  const footer = fr
    ? `Ce résumé vous est envoyé au plus une fois toutes les ${everyHours}${NB}heures. Pour ne plus le recevoir${NB}: ${unsubscribe}`
    : `This digest comes at most once every ${everyHours} hours. To stop it: ${unsubscribe}`;
  return {
    to,
    subject: fr
      ? `Round Table${NB}: ${n}${NB}partie${n > 1 ? 's' : ''} en attente de votre coup`
      : `Round Table: ${n} match${n > 1 ? 'es' : ''} waiting for your move`,
    text: `${hello}\n\n${lead}\n${text}\n\n${footer}\n`,
    html: page(lang, [escape(hello), escape(lead) + html], null, escape(footer)),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
