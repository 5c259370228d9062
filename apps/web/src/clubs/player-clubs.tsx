import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { metaOf } from '../games.ts';
import { formatDateTime, machineMoment } from '../dates.ts';
import { playerClubs, type PlayerClubs } from './api.ts';
import { cw } from './words.ts';

/** On a player page: the player's clubs, and the rated games from one address a club vouched for (both players see them). */
export function PlayerClubsSection({ name, lang }: { name: string; lang: Lang }) {
  const [data, setData] = useState<PlayerClubs | null>(null);
  useEffect(() => {
    void playerClubs(name, lang)
      .then(setData)
      .catch(() => setData(null));
  }, [name, lang]);
  if (!data || (data.clubs.length === 0 && data.vouched.length === 0)) return null;
  return (
    <section data-testid="player-clubs">
      <h2>{cw(lang, 'playerClubs')}</h2>
      <p>{data.clubs.map((c) => c.name).join(', ')}</p>
      {data.vouched.length > 0 && (
        <>
          <h3>{cw(lang, 'vouched')}</h3>
          <ul data-testid="player-vouched">
            {data.vouched.map((v) => (
              <li key={`${v.match}-${v.opponent}`}>
                <time dateTime={machineMoment(v.at)}>{formatDateTime(v.at, lang)}</time> ·{' '}
                {metaOf(v.game)?.name[lang] ?? v.game} · {cw(lang, 'vouchedRow')}{' '}
                <a href={`#/players/${encodeURIComponent(v.opponent)}`}>{v.opponent}</a> · {cw(lang, 'by')} {v.club}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
