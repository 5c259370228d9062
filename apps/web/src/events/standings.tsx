import type { Lang } from '@roundtable/core';
import type { Crosstable, Pairing, PairingSeat, RoundInfo, Standing } from '@roundtable/protocol';
import { BotMark } from '../social/bot-account.tsx';
import { ew, ordinal, roundOf, score, scoreWords, type EventWord } from './words.ts';

const playerLink = (name: string) => <a href={`#/players/${encodeURIComponent(name)}`}>{name}</a>;

/** The tie-break columns, in the order the server applies them (the first standing's keys). */
function tieBreakNames(standings: readonly Standing[]): string[] {
  return Object.keys(standings[0]?.tieBreaks ?? {});
}

const tieBreakLabel = (lang: Lang, key: string): string =>
  key === 'buchholz' || key === 'sonneborn-berger' || key === 'performance' || key === 'wins'
    ? ew(lang, key as EventWord)
    : key;

/** Live standings: points, then the tie-breaks in the order applied; bots and stand-ins marked in words. */
export function StandingsTable({
  lang,
  standings,
  me,
  caption,
}: {
  lang: Lang;
  standings: readonly Standing[];
  me: string | null;
  caption: string;
}) {
  const breaks = tieBreakNames(standings).filter((k) => k !== 'wins');
  if (standings.length === 0) return <p class="muted">{ew(lang, 'noStandings')}</p>;
  return (
    <>
      <div class="table-scroll">
        <table class="board-table standings" data-testid="standings">
          <caption class="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                {ew(lang, 'rank')}
              </th>
              <th scope="col">{ew(lang, 'player')}</th>
              <th scope="col" class="num">
                {ew(lang, 'points')}
              </th>
              <th scope="col" class="num">
                {ew(lang, 'played')}
              </th>
              {breaks.map((k) => (
                <th key={k} scope="col" class="num">
                  {k === 'sonneborn-berger' ? (
                    // Too long for a phone's column: its initials shown, its name read (the note below spells it).
                    <>
                      <span aria-hidden="true" title={tieBreakLabel(lang, k)}>
                        S‑B
                      </span>
                      <span class="sr-only">{tieBreakLabel(lang, k)}</span>
                    </>
                  ) : (
                    tieBreakLabel(lang, k)
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {standings.map((s) => (
              <tr key={s.entrant} class={me === s.name ? 'me' : ''} data-player={s.name}>
                <td class="num">{s.rank}</td>
                <th scope="row" class="player-cell">
                  {playerLink(s.name)}
                  {s.bot && (
                    <>
                      {' '}
                      <BotMark lang={lang} />
                    </>
                  )}
                  {s.onFire && (
                    <span class="on-fire" title={ew(lang, 'onFire')}>
                      {' '}
                      <span aria-hidden="true">🔥</span>
                      <span class="sr-only">{ew(lang, 'onFire')}</span>
                    </span>
                  )}
                  <StandingNotes lang={lang} s={s} />
                </th>
                <td class="num" data-testid="standing-points">
                  <span aria-hidden="true">{score(s.points)}</span>
                  <span class="sr-only">{scoreWords(lang, s.points)}</span>
                </td>
                <td class="num">{s.played}</td>
                {breaks.map((k) => (
                  <td key={k} class="num">
                    {score(s.tieBreaks[k] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {breaks.length > 0 && <p class="muted small">{ew(lang, 'tieBreaksHelp')}</p>}
    </>
  );
}

/** "withdrawn", "1 bye", "bot stood in ×1", in words under the name. */
function StandingNotes({ lang, s }: { lang: Lang; s: Standing }) {
  const notes: string[] = [];
  if (s.withdrawn) notes.push(ew(lang, 'withdrawn'));
  if ((s.berserkWins ?? 0) > 0) notes.push(`⚔ ${ew(lang, 'berserkWins')} ×${s.berserkWins}`);
  if (s.byes > 0) notes.push(`${ew(lang, 'bye')} ×${s.byes}`);
  if (s.botReplaced > 0) notes.push(`${ew(lang, 'botReplacedShort')} ×${s.botReplaced}`);
  if (s.forfeits - s.botReplaced > 0) notes.push(`${ew(lang, 'forfeit')} ×${s.forfeits - s.botReplaced}`);
  if (notes.length === 0) return null;
  return (
    <span class="standing-notes" data-testid="standing-notes">
      {notes.join(' · ')}
    </span>
  );
}

/** One seat of a table in words: "Sir Kay — 1st, 1 point", "Enide — a bot played for them". */
function SeatWords({ lang, seat, first }: { lang: Lang; seat: PairingSeat; first: boolean }) {
  return (
    <li class={`pairing-seat${seat.status === 'bot-replaced' ? ' replaced' : ''}`} data-player={seat.name}>
      {playerLink(seat.name)}
      {seat.bot && (
        <>
          {' '}
          <BotMark lang={lang} />
        </>
      )}
      {first && <span class="muted small"> ({ew(lang, 'playsFirst')})</span>}
      {seat.place !== null && (
        <span class="seat-result">
          {' — '}
          {ordinal(lang, seat.place)}
          {seat.score !== null && <>, {scoreWords(lang, seat.score)}</>}
        </span>
      )}
      {seat.status === 'bot-replaced' && (
        <span class="replaced-note" data-testid="bot-replaced">
          {' '}
          ({ew(lang, 'botReplaced')})
        </span>
      )}
      {seat.status === 'forfeit' && <span class="replaced-note"> ({ew(lang, 'forfeit')})</span>}
      {seat.berserk && (
        <span class="berserk-mark" data-testid="seat-berserk">
          {' '}
          <span aria-hidden="true">⚔</span> {ew(lang, 'berserkMark')}
        </span>
      )}
    </li>
  );
}

function pairingStatus(lang: Lang, p: Pairing): string {
  return ew(lang, p.status === 'bye' ? 'bye' : p.status === 'done' ? 'done' : 'playing');
}

/** A round's tables: who sits where (seat order, the first player said), the result, a link to the match. */
export function RoundTables({
  lang,
  round,
  total,
  mine,
}: {
  lang: Lang;
  round: RoundInfo;
  total: number | null;
  mine: string | null;
}) {
  const title = roundOf(lang, round.number, total);
  return (
    <section class="event-round" data-testid="event-round" data-round={round.number}>
      <h3>{title}</h3>
      <div class="table-scroll">
        <table class="board-table pairings">
          <caption class="sr-only">
            {ew(lang, 'pairings')} — {title}
          </caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                {ew(lang, 'table')}
              </th>
              <th scope="col">{ew(lang, 'seats')}</th>
              <th scope="col">{ew(lang, 'status')}</th>
              <th scope="col">
                <span class="sr-only">{ew(lang, 'match')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {round.pairings.map((p) => {
              const isMine = mine !== null && p.seats.some((s) => s.name === mine);
              return (
                <tr key={p.table} class={isMine ? 'me' : ''} data-testid="pairing" data-match={p.match ?? ''}>
                  <td class="num">{p.table}</td>
                  <td>
                    <ol class={`pairing-seats${p.seats.length === 1 ? ' alone' : ''}`}>
                      {p.seats.map((s, i) => (
                        <SeatWords key={s.entrant} lang={lang} seat={s} first={i === 0 && p.seats.length > 1} />
                      ))}
                    </ol>
                  </td>
                  <td>
                    <span class={`pill ${p.status === 'playing' ? 'turn' : ''}`}>{pairingStatus(lang, p)}</span>
                  </td>
                  <td>
                    {p.match && (
                      <a href={`#/m/${encodeURIComponent(p.match)}`} data-testid="pairing-match">
                        {ew(lang, 'openMatch')}
                        <span class="sr-only">
                          {' '}
                          — {ew(lang, 'table')} {p.table}
                        </span>
                      </a>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A round robin's crosstable: rows and columns in standings order, each cell the row's scores against the column. */
export function CrosstableView({
  lang,
  crosstable,
  standings,
}: {
  lang: Lang;
  crosstable: Crosstable;
  standings: readonly Standing[];
}) {
  const nameOf = new Map(standings.map((s) => [s.entrant, s.name]));
  const names = crosstable.entrants.map((id) => nameOf.get(id) ?? id);
  if (names.length === 0) return null;
  return (
    <section data-testid="crosstable">
      <h2>{ew(lang, 'crosstable')}</h2>
      <p class="muted small">{ew(lang, 'crosstableHelp')}</p>
      <div class="table-scroll">
        <table class="board-table crosstable">
          <caption class="sr-only">{ew(lang, 'crosstable')}</caption>
          <thead>
            <tr>
              <th scope="col">{ew(lang, 'player')}</th>
              {names.map((n, j) => (
                <th key={j} scope="col" class="num">
                  <span aria-hidden="true">{j + 1}</span>
                  <span class="sr-only">{n}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {names.map((n, i) => (
              <tr key={i}>
                <th scope="row">
                  <span aria-hidden="true">{i + 1}. </span>
                  {n}
                </th>
                {names.map((_, j) => {
                  const games = crosstable.cells[i]?.[j] ?? [];
                  return (
                    <td key={j} class={`num${i === j ? ' diagonal' : ''}`}>
                      {i === j ? (
                        <span aria-hidden="true">—</span>
                      ) : games.length === 0 ? (
                        ''
                      ) : (
                        games.map((g, k) => (
                          <a key={g.match} href={`#/m/${encodeURIComponent(g.match)}`}>
                            {k > 0 && ' '}
                            {score(g.score)}
                          </a>
                        ))
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Before the first round: who has entered, in the order they would be seeded (everyone is level). */
export function EntrantList({
  lang,
  standings,
  me,
}: {
  lang: Lang;
  standings: readonly Standing[];
  me: string | null;
}) {
  if (standings.length === 0) return <p class="muted">{ew(lang, 'noStandings')}</p>;
  return (
    <ul class="entrant-list" data-testid="entrant-list">
      {standings.map((s) => (
        <li key={s.entrant} class={me === s.name ? 'me' : ''} data-player={s.name}>
          {playerLink(s.name)}
          {s.bot && (
            <>
              {' '}
              <BotMark lang={lang} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
