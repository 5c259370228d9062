import type { MessageCatalog } from '@roundtable/core';

/** Errors of exports and imports (issue 37), in English and French. */
export const recordMessages: MessageCatalog = {
  OUTCOME_MISMATCH: {
    en: (e) => `The record claims ${outcomeEn(e.claimed)}, but its moves end the game with ${outcomeEn(e.replayed)}.`,
    fr: (e) =>
      `L’enregistrement annonce ${outcomeFr(e.claimed)}, mais ses coups finissent la partie par ${outcomeFr(e.replayed)}.`,
  },
  BAD_IMPORT_FILE: {
    en: (e) => `${String(e.file ?? 'The file')}, line ${String(e.line)}: ${String(e.reason)}.`,
    fr: (e) => `${String(e.file ?? 'Le fichier')}, ligne ${String(e.line)}\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
  NOT_OPERATOR: {
    en: () => 'Only the operator may do this: give the operator token (Authorization: Bearer …).',
    fr: () => 'Seul l’exploitant peut faire cela\u00a0: donnez le jeton d’exploitant (Authorization: Bearer …).',
  },
  NO_OPERATOR_TOKEN: {
    en: () => 'This server has no operator token (start it with --operator-token or ROUNDTABLE_OPERATOR_TOKEN).',
    fr: () =>
      'Ce serveur n’a pas de jeton d’exploitant (lancez-le avec --operator-token ou ROUNDTABLE_OPERATOR_TOKEN).',
  },
  NO_SUCH_EXPORT: {
    en: (e) => `No export of ${String(e.game)} for ${String(e.day)} (days are made the day after, UTC).`,
    fr: (e) => `Pas d’export de ${String(e.game)} pour le ${String(e.day)} (un jour est produit le lendemain, UTC).`,
  },
};

type Told = { winners?: unknown; draw?: unknown } | undefined;

function outcomeEn(o: unknown): string {
  const t = o as Told;
  if (t?.draw === true) return 'a draw';
  const w = Array.isArray(t?.winners) ? t.winners : [];
  return w.length === 0 ? 'no winner' : `a win for seat ${w.join(', ')}`;
}

function outcomeFr(o: unknown): string {
  const t = o as Told;
  if (t?.draw === true) return 'une nulle';
  const w = Array.isArray(t?.winners) ? t.winners : [];
  return w.length === 0 ? 'aucun gagnant' : `une victoire du siège ${w.join(', ')}`;
}
