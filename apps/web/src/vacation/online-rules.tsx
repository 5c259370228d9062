import type { Lang } from '@roundtable/core';
import { lineById } from '@roundtable/catalog/lines';
import { vw } from './words.ts';

const NB = '\u00a0';

const TEXT = {
  title: { en: 'Playing online: vacations and absent players', fr: `En ligne${NB}: vacances et joueurs absents` },
  vacation: {
    en: 'Vacation: each account has a yearly allowance of days (30 by default, set by the server; the year is the calendar year in UTC). On vacation, the clocks of its correspondence matches (days per move) stop: it cannot lose on time, its opponents see until when it is away, and they are told when it is back. Live clocks never stop.',
    fr: `Vacances${NB}: chaque compte a un crédit annuel de jours (30 par défaut, fixé par le serveur${NB}; l’année est l’année civile en UTC). En vacances, les pendules de ses parties par correspondance (jours par coup) s’arrêtent${NB}: il ne peut pas perdre au temps, ses adversaires voient jusqu’à quand il est absent, et sont prévenus de son retour. Les pendules en direct ne s’arrêtent jamais.`,
  },
  held: {
    en: '[decision] A player gone past their clock (or, without a clock, connected nowhere for 10 minutes while to move and another player is at the table) is replaced by a bot of the level chosen when the match was made (easy by default) so the others play on. The bot sees only that seat’s view. When the player comes back, the seat is theirs again at once (after the move the bot is thinking of), with a summary of what their seat saw meanwhile.',
    fr: `[décision] Un joueur parti au-delà de sa pendule (ou, sans pendule, connecté nulle part pendant 10${NB}minutes alors qu’il doit jouer et qu’un autre joueur est à la table) est remplacé par un robot du niveau choisi à la création de la partie (facile par défaut) pour que les autres continuent. Le robot ne voit que ce que voit cette place. Quand le joueur revient, la place est de nouveau à lui aussitôt (après le coup que le robot prépare), avec un résumé de ce que sa place a vu entre-temps.`,
  },
} as const;

/** Under a game's rules: the vacation rule, and for games of three or more the held seat and its rating rule. */
export function OnlineRules({ gameId, lang }: { gameId: string; lang: Lang }) {
  const many = (lineById(gameId)?.descriptor.maxPlayers ?? 2) > 2;
  return (
    <section class="online-rules" data-testid="online-rules">
      <h2>{TEXT.title[lang]}</h2>
      <p>{TEXT.vacation[lang]}</p>
      {many && <p>{TEXT.held[lang]}</p>}
      {many && (
        <p>
          [{lang === 'fr' ? 'décision' : 'decision'}] {vw(lang, 'heldRule')}
        </p>
      )}
    </section>
  );
}
