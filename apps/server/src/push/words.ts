import type { Lang } from '@roundtable/core';
import type { NoticeKind } from '@roundtable/protocol';

/** What a push says, in the device's language (the service worker shows it as it comes). */
export interface NoticeFacts {
  readonly kind: NoticeKind | 'back';
  /** The game's name in that language. */
  readonly game: string;
  /** The other players' names (a turn, a start), or the one who made the offer. */
  readonly names: readonly string[];
  readonly offer?: 'draw' | 'takeback' | 'rematch';
  /** Time left on the clock, in ms (a low clock). */
  readonly leftMs?: number;
}

const NB = '\u00a0';

function list(names: readonly string[], lang: Lang): string {
  const shown = names.length > 0 ? names : [lang === 'fr' ? 'Votre adversaire' : 'Your opponent'];
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(', ')} ${lang === 'fr' ? 'et' : 'and'} ${shown[shown.length - 1]}`;
}

/** "3 days", "1 hour", "35 minutes" / « 3 jours », « 1 heure », « 35 minutes ». */
export function duration(ms: number, lang: Lang): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const [n, unit] =
    minutes >= 2 * 1440
      ? [Math.round(minutes / 1440), 'day']
      : minutes >= 120
        ? [Math.round(minutes / 60), 'hour']
        : [minutes, 'minute'];
  const fr = { day: 'jour', hour: 'heure', minute: 'minute' }[unit]!;
  return lang === 'fr' ? `${n}${NB}${fr}${n > 1 ? 's' : ''}` : `${n} ${unit}${n > 1 ? 's' : ''}`;
}

export function noticeWords(f: NoticeFacts, lang: Lang): { title: string; body: string } {
  const fr = lang === 'fr';
  const colon = fr ? `${NB}:` : ':';
  const who = list(f.names, lang);
  const many = f.names.length > 1;
  switch (f.kind) {
    case 'turn':
      return {
        title: fr ? `${f.game}${colon} à vous de jouer` : `${f.game}${colon} your turn`,
        body: fr
          ? `${who} ${many ? 'attendent' : 'attend'} votre coup.`
          : `${who} ${many ? 'are' : 'is'} waiting for your move.`,
      };
    case 'started':
      return {
        title: fr ? `${f.game}${colon} votre partie a commencé` : `${f.game}${colon} your match has begun`,
        body: fr ? `${who} ${many ? 'ont' : 'a'} rejoint la partie.` : `${who} joined the match.`,
      };
    case 'offer': {
      const what =
        f.offer === 'draw'
          ? fr
            ? 'propose la nulle'
            : 'offers a draw'
          : f.offer === 'takeback'
            ? fr
              ? 'demande à reprendre un coup'
              : 'asks to take back a move'
            : fr
              ? 'propose une revanche'
              : 'offers a rematch';
      return {
        title: fr ? `${f.game}${colon} une proposition vous attend` : `${f.game}${colon} an offer is waiting`,
        body: `${who} ${what}.`,
      };
    }
    case 'clock': {
      const left = duration(f.leftMs ?? 0, lang);
      return {
        title: fr ? `${f.game}${colon} votre temps s’épuise` : `${f.game}${colon} your clock is running low`,
        body: fr ? `Il vous reste ${left} pour jouer.` : `${left} left for your move.`,
      };
    }
    case 'back':
      return {
        title: fr ? `${f.game}${colon} ${who} est de retour` : `${f.game}${colon} ${who} is back`,
        body: fr
          ? `${who} est rentré de vacances${NB}: son temps court de nouveau.`
          : `${who} is back from vacation: their clock runs again.`,
      };
  }
}
