import type { MessageCatalog } from '@roundtable/core';
import { NAME_MAX, NAME_MIN } from './names.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password.ts';

/** Errors of accounts and sessions, in French and English. */
export const accountMessages: MessageCatalog = {
  BAD_NAME: {
    en: (e) =>
      e.reason === 'length'
        ? `A name has ${NAME_MIN} to ${NAME_MAX} characters.`
        : e.reason === 'spaces'
          ? 'A name has no double spaces.'
          : "A name uses Latin letters (accents welcome), digits, spaces and . _ ' - only, with at least one letter.",
    fr: (e) =>
      e.reason === 'length'
        ? `Un nom a de ${NAME_MIN} à ${NAME_MAX} caractères.`
        : e.reason === 'spaces'
          ? "Un nom n'a pas d'espaces doubles."
          : "Un nom n'utilise que des lettres latines (accents compris), des chiffres, des espaces et . _ ' -, avec au moins une lettre.",
  },
  BAD_PASSWORD: {
    en: () => `A password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
    fr: () => `Un mot de passe a de ${PASSWORD_MIN} à ${PASSWORD_MAX} caractères.`,
  },
  NAME_TAKEN: {
    en: (e) => `The name "${String(e.name)}" is taken (or too close to a name that is).`,
    fr: (e) => `Le nom « ${String(e.name)} » est pris (ou trop proche d'un nom pris).`,
  },
  WRONG_LOGIN: {
    en: () => 'Wrong name or password.',
    fr: () => 'Nom ou mot de passe incorrect.',
  },
  LOGIN_RATE_LIMITED: {
    en: (e) => `Too many login attempts: try again in ${String(e.retrySeconds)} s.`,
    fr: (e) => `Trop de tentatives de connexion : réessayez dans ${String(e.retrySeconds)} s.`,
  },
  LOGIN_BUSY: {
    en: (e) => `Too many passwords are being checked right now: try again in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Trop de mots de passe sont vérifiés en ce moment\u00a0: réessayez dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  SIGNUP_RATE_LIMITED: {
    en: (e) =>
      `At most ${String(e.max)} ${e.max === 1 ? 'account is' : 'accounts are'} made from one address in a day: try again in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Une adresse crée au plus ${String(e.max)}\u00a0${Number(e.max) > 1 ? 'comptes' : 'compte'} par jour\u00a0: réessayez dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  NOT_SIGNED_IN: {
    en: () => 'You are not signed in.',
    fr: () => "Vous n'êtes pas connecté.",
  },
};
