import type { Lang } from '@roundtable/core';

const NB = '\u00a0';

/** The words of the notification and e-mail settings, and of the pages mailed links open. */
const WORDS = {
  settingsTitle: { en: 'Notifications and e-mail', fr: `Notifications et e-mail` },
  signInFirst: {
    en: 'Log in to choose how Round Table calls you back.',
    fr: 'Connectez-vous pour choisir comment Round Table vous rappelle.',
  },
  pushTitle: { en: 'Notifications on your devices', fr: 'Notifications sur vos appareils' },
  pushWhy: {
    en: 'Even with every tab closed, your devices ring when it is your turn, when a match you joined begins, when an offer waits for you, and when your clock runs low.',
    fr: `Même tous les onglets fermés, vos appareils sonnent quand c’est à vous de jouer, quand une partie que vous avez rejointe commence, quand une proposition vous attend et quand votre temps s’épuise.`,
  },
  thisDevice: { en: 'Notify me on this device', fr: 'Me notifier sur cet appareil' },
  noPush: {
    en: 'This browser cannot receive notifications with the app closed.',
    fr: 'Ce navigateur ne peut pas recevoir de notifications l’application fermée.',
  },
  denied: {
    en: 'Notifications are blocked for this site in the browser’s settings.',
    fr: 'Les notifications sont bloquées pour ce site dans les réglages du navigateur.',
  },
  devices: { en: 'Devices', fr: 'Appareils' },
  noDevices: { en: 'No device yet.', fr: `Aucun appareil pour l’instant.` },
  remove: { en: 'Remove', fr: 'Retirer' },
  added: { en: 'added', fr: 'ajouté' },
  kinds: { en: 'Ring me when', fr: `Me prévenir quand` },
  turn: { en: 'it is my turn', fr: 'c’est à moi de jouer' },
  started: { en: 'a match I joined begins', fr: 'une partie que j’ai rejointe commence' },
  offer: { en: 'an offer waits (draw, take-back, rematch)', fr: 'une proposition m’attend (nulle, reprise, revanche)' },
  clock: { en: 'my clock runs low', fr: 'mon temps s’épuise' },
  emailTitle: { en: 'E-mail', fr: 'E-mail' },
  emailOff: {
    en: 'E-mail is off on this server (its operator has not set an SMTP server): no address, no digest, no password reset by e-mail.',
    fr: `L’e-mail est désactivé sur ce serveur (son exploitant n’a pas configuré de serveur SMTP)${NB}: ni adresse, ni résumé, ni nouveau mot de passe par e-mail.`,
  },
  emailWhy: {
    en: 'A verified address lets you choose a new password if you forget yours, and receive a digest of the matches waiting for you.',
    fr: 'Une adresse vérifiée vous permet de choisir un nouveau mot de passe si vous oubliez le vôtre, et de recevoir le résumé des parties qui vous attendent.',
  },
  address: { en: 'Address', fr: 'Adresse' },
  save: { en: 'Save and send the link', fr: 'Enregistrer et envoyer le lien' },
  verified: { en: 'verified', fr: 'vérifiée' },
  unverified: {
    en: 'not verified yet: open the link we mailed you',
    fr: `pas encore vérifiée${NB}: ouvrez le lien que nous vous avons envoyé`,
  },
  sent: { en: 'A link is on its way to this address.', fr: 'Un lien est en route vers cette adresse.' },
  digest: { en: 'Digest of the matches waiting for my move', fr: 'Résumé des parties en attente de mon coup' },
  never: { en: 'never', fr: 'jamais' },
  every: {
    en: (h: number) =>
      h === 24 ? 'at most once a day' : h % 24 === 0 ? `at most every ${h / 24} days` : `at most every ${h} hours`,
    fr: (h: number) =>
      h % 24 === 0
        ? `au plus tous les ${h / 24 > 1 ? `${h / 24}${NB}jours` : 'jours'}`
        : `au plus toutes les ${h}${NB}heures`,
  },
  saved: { en: 'Saved.', fr: 'Enregistré.' },
  verifyTitle: { en: 'Your address', fr: 'Votre adresse' },
  verifying: { en: 'Checking the link…', fr: 'Vérification du lien…' },
  verifiedDone: { en: (e: string) => `${e} is verified.`, fr: (e: string) => `${e} est vérifiée.` },
  forgotTitle: { en: 'A forgotten password', fr: 'Mot de passe oublié' },
  forgotWhy: {
    en: 'Give the verified address of your account: a link to choose a new password goes to it (it works once, for an hour).',
    fr: `Indiquez l’adresse vérifiée de votre compte${NB}: un lien pour choisir un nouveau mot de passe y sera envoyé (il sert une fois, pendant une heure).`,
  },
  send: { en: 'Send the link', fr: 'Envoyer le lien' },
  resetTitle: { en: 'A new password', fr: 'Un nouveau mot de passe' },
  newPassword: { en: 'New password', fr: 'Nouveau mot de passe' },
  setPassword: { en: 'Set the password', fr: 'Changer le mot de passe' },
  resetDone: {
    en: (n: string) => `Done, ${n}: log in with your new password (you were logged out everywhere else).`,
    fr: (n: string) =>
      `C’est fait, ${n}${NB}: connectez-vous avec votre nouveau mot de passe (vous avez été déconnecté partout ailleurs).`,
  },
  forgot: { en: 'Forgot your password?', fr: `Mot de passe oublié${NB}?` },
  settingsLink: { en: 'Notifications', fr: 'Notifications' },
} as const;

type Plain = { [K in keyof typeof WORDS]: (typeof WORDS)[K]['en'] extends string ? K : never }[keyof typeof WORDS];

export function nw(lang: Lang, key: Plain): string {
  return WORDS[key][lang] as string;
}

export const NW = WORDS;
