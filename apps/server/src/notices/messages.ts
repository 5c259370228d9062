import type { MessageCatalog } from '@roundtable/core';

/** Errors of push subscriptions, e-mail addresses and mailed links, in French and English. */
export const noticeMessages: MessageCatalog = {
  BAD_SUBSCRIPTION: {
    en: (e) => `This push subscription cannot be used: ${String(e.reason)}.`,
    fr: (e) => `Cet abonnement aux notifications est inutilisable\u00a0: ${String(e.reason)}.`,
  },
  PUSH_ENDPOINT_NOT_HTTPS: {
    en: (e) => `A push service is reached over HTTPS only, not ${String(e.endpoint)}.`,
    fr: (e) => `Un service de notifications ne se joint qu’en HTTPS, pas à ${String(e.endpoint)}.`,
  },
  NO_SUCH_DEVICE: {
    en: () => 'This device is not among your account’s.',
    fr: () => 'Cet appareil ne fait pas partie de ceux de votre compte.',
  },
  EMAIL_OFF: {
    en: () => 'E-mail is off on this server: its operator has not set an SMTP server.',
    fr: () => 'L’e-mail est désactivé sur ce serveur\u00a0: son exploitant n’a pas configuré de serveur SMTP.',
  },
  BAD_EMAIL: {
    en: () => 'This is not an e-mail address.',
    fr: () => 'Ce n’est pas une adresse e-mail.',
  },
  NO_EMAIL: {
    en: () => 'Your account has no e-mail address.',
    fr: () => 'Votre compte n’a pas d’adresse e-mail.',
  },
  EMAIL_TAKEN: {
    en: () => 'This address is already verified for another account.',
    fr: () => 'Cette adresse est déjà vérifiée pour un autre compte.',
  },
  BAD_LINK: {
    en: () => 'This link is not one of ours (it was changed, or cut short).',
    fr: () => 'Ce lien ne vient pas de nous (il a été modifié, ou tronqué).',
  },
  LINK_EXPIRED: {
    en: () => 'This link has expired: ask for a new one.',
    fr: () => 'Ce lien a expiré\u00a0: demandez-en un nouveau.',
  },
  LINK_USED: {
    en: () => 'This link was already used: each works once.',
    fr: () => 'Ce lien a déjà servi\u00a0: chacun ne sert qu’une fois.',
  },
  RESET_RATE_LIMITED: {
    en: (e) => `Too many password reset requests: try again in ${String(e.retrySeconds)} s.`,
    fr: (e) => `Trop de demandes de nouveau mot de passe\u00a0: réessayez dans ${String(e.retrySeconds)}\u00a0s.`,
  },
};

export const NOTICE_STATUS: Record<string, number> = {
  BAD_SUBSCRIPTION: 400,
  PUSH_ENDPOINT_NOT_HTTPS: 400,
  NO_SUCH_DEVICE: 404,
  EMAIL_OFF: 503,
  BAD_EMAIL: 400,
  NO_EMAIL: 404,
  EMAIL_TAKEN: 409,
  BAD_LINK: 400,
  LINK_EXPIRED: 410,
  LINK_USED: 410,
  RESET_RATE_LIMITED: 429,
};
