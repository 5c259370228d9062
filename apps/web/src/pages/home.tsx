import { GAMES, isPlayable } from '../games.ts';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { word } from '../social/account-words.ts';
import { recordWord } from '../records/words.ts';

export function Home() {
  const { lang, t } = useT();
  return (
    <section class="home">
      <h1 class="tagline">{t('tagline')}</h1>
      <ul class="games">
        {GAMES.map((g) => {
          const playable = isPlayable(g.id);
          return (
            <li key={g.id} class={`game-card${playable ? '' : ' coming'}`} data-game={g.id}>
              <svg
                viewBox="0 0 120 80"
                class="picture"
                role="img"
                aria-label={g.name[lang]}
                dangerouslySetInnerHTML={{ __html: g.picture }}
              />
              <div class="game-text">
                <h2>
                  {g.name[lang]} {!playable && <span class="badge">{t('coming')}</span>}
                </h2>
                <p class="players">
                  {g.players[0] === g.players[1] ? g.players[0] : `${g.players[0]}–${g.players[1]}`}{' '}
                  {t('players').toLowerCase()}
                </p>
                <p>{g.pitch[lang]}</p>
                {playable && (
                  <div class="actions">
                    <button
                      type="button"
                      class="primary"
                      data-testid={`play-${g.id}`}
                      onClick={() => navigate(`/new/${g.id}`)}
                    >
                      {t('play')}
                    </button>
                    <a class="button" href={`#/play-now?game=${g.id}`} data-testid={`play-now-${g.id}`}>
                      {word(lang, 'playNow')}
                    </a>
                    <a class="button" href={`#/rules/${g.id}`}>
                      {t('rules')}
                    </a>
                    <a class="button learn-link" href={`#/learn/${g.id}`} data-testid={`learn-${g.id}`}>
                      {lang === 'fr' ? 'Apprendre à jouer' : 'Learn to play'}
                    </a>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p class="operator-link">
        <a href="#/records/import" data-testid="records-import-link">
          {recordWord(lang, 'link')}
        </a>
      </p>
    </section>
  );
}
