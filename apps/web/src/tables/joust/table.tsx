import { useMemo, useRef, useState } from 'preact/hooks';
import { createRng, describeError, type Seat } from '@roundtable/core';
import { check, type JoustView } from '@roundtable/joust';
import { colon, text } from '../../i18n.ts';
import { playerWords } from '../../player-words.ts';
import type { TableProps } from '../../table-api.ts';
import { CardFace } from '../../cards/face.tsx';
import { useCardMotion } from '../../cards/motion.ts';
import { COLOUR_FILL, cardKind, cardName, colourName, kindOf, moveLabel } from './cards.ts';
import { joustFace } from './face.tsx';
import { squareWords } from '../../reader/names.ts';
import { rw } from '../../reader/words.ts';
import { cardListKeys } from '../../reader/list-keys.ts';

/** How many of the last discarded cards are stacked on the discard (so that many can travel there at once). */
const DISCARD_STACK = 16;

/** A card; `place` (and `from`, where it comes from when it was nowhere in sight) makes it travel (cards/motion.ts). */
function Card({
  id,
  lang,
  small,
  dim,
  title,
  onClick,
  testid,
  place,
  from,
  under,
  label,
}: {
  /** Its name in a list of cards (the game's words for it). */
  label?: string;
  id: string;
  lang: 'en' | 'fr';
  small?: boolean;
  dim?: boolean;
  title?: string;
  onClick?: () => void;
  testid?: string;
  place?: string;
  from?: string;
  under?: boolean;
}) {
  const face = joustFace(id, lang);
  // The effect shows in the face's bubble; a title would repeat it.
  const tip = face.effect ? undefined : onClick ? title : (title ?? playerWords(cardKind(id)?.text?.[lang]));
  // A card under the top of a pile is there for its travel only: out of sight, out of reach.
  const motion = {
    ...(place ? { 'data-motion': id, 'data-place': place, 'data-motion-from': from } : {}),
    ...(under ? { 'aria-hidden': 'true', tabIndex: '-1' } : {}),
  };
  return (
    <CardFace
      face={face}
      small={small}
      dim={dim}
      title={tip}
      onClick={onClick}
      testid={testid}
      class={under ? 'under' : undefined}
      data={{ 'data-card': kindOf(id), 'data-ref': id, ...motion }}
      {...(label !== undefined ? { item: true, label } : {})}
    />
  );
}

/**
 * The jousting table: each seat's display with its total, the tournament's colour, tokens, Bouclier and
 * Assommé; your hand below, with the cards you may not play greyed out (click one to read why); the choices the
 * rules ask of you (Lancelot window, Adaptation, maiden token) as buttons.
 */
export function JoustTable(props: TableProps) {
  const { game, lang, active, legal, play, refuse, seatLabel } = props;
  const v = props.view as JoustView;
  const [choosing, setChoosing] = useState<string | null>(null);
  const me = v.me;
  // A card's name for a screen reader: the game's own words ("red 3"), else the name printed on it.
  const named = (id: string): string => squareWords(game, v, id, lang) ?? joustFace(id, lang).name;
  // Cards travel from the hand that played them to a display or the discard; tokens from the tournament's colour.
  const root = useRef<HTMLDivElement>(null);
  useCardMotion(root, v);
  const mover = props.lastMove ? `hand-${props.lastMove.seat}` : undefined;
  const plays = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const m of legal) {
      if (!m.startsWith('play ')) continue;
      const k = m.split(' ')[1] as string;
      map.set(k, [...(map.get(k) ?? []), m]);
    }
    return map;
  }, [legal]);
  const others = legal.filter((m) => !m.startsWith('play '));

  const why = (kind: string): string => {
    if (!me) return '';
    const state = game.determinize(v, me.seat, createRng(7));
    const error = check(state, me.seat, { type: 'play', card: kind });
    return error ? describeError(error, lang, game.messages) : '';
  };

  const clickCard = (id: string): void => {
    const kind = kindOf(id);
    const options = plays.get(kind) ?? [];
    if (options.length === 1) {
      setChoosing(null);
      play(options[0] as string);
    } else if (options.length > 1) setChoosing(kind);
    else refuse(why(kind) || text(lang, 'notYourTurnHere'));
  };

  const phase = v.phase;
  const fr = lang === 'fr';
  let banner = '';
  if (phase.kind === 'start')
    banner = fr
      ? `${seatLabel(v.starter)} choisit la couleur du tournoi.`
      : `${seatLabel(v.starter)} names the tournament's colour.`;
  else if (phase.kind === 'response')
    banner = `${seatLabel(phase.seat)} ${fr ? 'joue' : 'plays'} ${cardName(phase.card, lang)} (${moveLabel(phase.notation, lang, seatLabel)}). ${fr ? 'Fenêtre de Lancelot\u00a0: chacun peut l’annuler.' : 'Lancelot window: anyone may cancel it.'}`;
  else if (phase.kind === 'adapt')
    banner = fr
      ? 'Adaptation\u00a0: chacun garde une carte de chaque valeur.'
      : 'Adaptation: everyone keeps one card of each value.';
  else if (phase.kind === 'maiden')
    banner = fr
      ? `${seatLabel(phase.seat)} abandonne avec une Dame\u00a0: rend un jeton.`
      : `${seatLabel(phase.seat)} withdrew with a Maiden: returns a token.`;
  else if (phase.kind === 'purple')
    banner = fr
      ? `${seatLabel(phase.seat)} gagne un tournoi violet\u00a0: choisit un jeton.`
      : `${seatLabel(phase.seat)} won a purple tournament: takes a token.`;
  else if (phase.kind === 'turn') banner = fr ? `Tour de ${seatLabel(v.active)}.` : `${seatLabel(v.active)}'s turn.`;

  return (
    <div class="joust" ref={root}>
      <div class="joust-head">
        <span class="tournament" data-testid="tournament">
          {text(lang, 'tournament')} {v.tournament}
          {colon(lang)}{' '}
          {v.colour ? (
            <span
              class="colour-tag"
              style={{ background: COLOUR_FILL[v.colour] }}
              data-colour={v.colour}
              data-motion-src="colour"
            >
              {colourName(v.colour, lang)}
            </span>
          ) : (
            '—'
          )}
        </span>
        <span data-motion-src="deck">
          {text(lang, 'deck')}
          {colon(lang)} {v.deckSize}
        </span>
        <span>
          {text(lang, 'discard')}
          {colon(lang)}{' '}
          {v.discard.length > 0 ? (
            // The last cards discarded, stacked (only the top one shows): a tournament's displays all travel there.
            <span class="discard-stack">
              {v.discard.slice(-DISCARD_STACK).map((c, k, top) => (
                <Card key={c} id={c} lang={lang} small place="discard" from={mover} under={k < top.length - 1} />
              ))}
            </span>
          ) : (
            '—'
          )}
        </span>
        <span>
          {v.tokensToWin} {text(lang, 'tokensToWin')}
        </span>
      </div>
      {banner && (
        <p class="notice" data-testid="phase">
          {banner}
        </p>
      )}
      {v.revealed && (
        <p class="notice">
          {seatLabel(v.revealed.seat)}
          {colon(lang)} {v.revealed.cards.map((c) => cardName(c, lang)).join(', ')}
        </p>
      )}
      <div class="displays">
        {v.seats.map((s, i) => (
          <div
            key={i}
            class={`display${v.toMove.includes(i) ? ' to-move' : ''}${s.inTournament ? '' : ' out'}`}
            data-seat={i}
          >
            <div class="display-head">
              <strong>{seatLabel(i)}</strong>
              <span class="total" data-testid={`total-${i}`}>
                {text(lang, 'total')} {s.total}
              </span>
            </div>
            <div class="display-meta">
              <span data-motion-src={`hand-${i}`}>
                {s.handSize} {text(lang, 'cards')}
              </span>
              {!s.inTournament && <span class="badge">{text(lang, 'out')}</span>}
              {s.shield && (
                <span class="badge shield" title={playerWords(cardKind('bouclier')?.text?.[lang])}>
                  {cardName('bouclier', lang)}
                </span>
              )}
              {s.stunned && (
                <span class="badge stunned" title={playerWords(cardKind('assomme')?.text?.[lang])}>
                  {cardName('assomme', lang)}
                </span>
              )}
            </div>
            <div class="tokens" role="group" aria-label={text(lang, 'tokens')}>
              {s.tokens.length > 0 && (
                <span class="tokens-count" data-testid={`tokens-${i}`}>
                  {text(lang, 'tokens')}
                  {fr ? '\u00a0:' : ':'} {s.tokens.length}/{v.tokensToWin}
                </span>
              )}
              {s.tokens.map((c, k) => (
                <span
                  key={k}
                  class="token"
                  style={{ background: COLOUR_FILL[c] }}
                  title={colourName(c, lang)}
                  role="img"
                  aria-label={colourName(c, lang)}
                  data-motion={`token-${i}-${k}`}
                  data-place={`tokens-${i}`}
                  data-motion-from="colour"
                >
                  {colourName(c, lang).charAt(0).toUpperCase()}
                </span>
              ))}
            </div>
            <div class="cards-row" role="list" aria-label={`${seatLabel(i)}${colon(lang)} ${rw(lang, 'inFront')}`}>
              {s.display.map((c) => (
                <Card key={c} id={c} lang={lang} small place={`display-${i}`} from={`hand-${i}`} label={named(c)} />
              ))}
            </div>
          </div>
        ))}
      </div>
      {me && (
        <div class="hand-area">
          <h2>
            {text(lang, 'yourHand')} — {seatLabel(me.seat)}
          </h2>
          {me.knock && (
            <p class="notice">
              {fr ? 'Chute' : 'Knock Down'}
              {colon(lang)} {seatLabel(me.knock.from)} → {seatLabel(me.knock.to)}
              {colon(lang)} {cardName(me.knock.card, lang)}
            </p>
          )}
          <div
            class="hand"
            data-testid="hand"
            role="list"
            aria-label={text(lang, 'yourHand')}
            aria-describedby="hand-keys"
            onKeyDown={cardListKeys}
          >
            {me.hand.map((c, k) => {
              const playable = plays.has(kindOf(c));
              return (
                <Card
                  key={`${c}-${k}`}
                  id={c}
                  lang={lang}
                  place="hand"
                  from="deck"
                  dim={!playable}
                  title={playable ? playerWords(cardKind(c)?.text?.[lang]) : undefined}
                  onClick={() => clickCard(c)}
                  testid={playable ? 'playable' : 'unplayable'}
                  label={playable ? named(c) : `${named(c)}, ${rw(lang, 'notPlayable')}`}
                />
              );
            })}
          </div>
          <p id="hand-keys" class="sr-only">
            {rw(lang, 'handKeys')}
          </p>
          {choosing && (
            <div class="chooser" role="group" aria-label={text(lang, 'chooseFor')}>
              <span>
                {text(lang, 'chooseFor')}
                {colon(lang)}
              </span>
              {(plays.get(choosing) ?? []).map((m) => (
                <button
                  type="button"
                  key={m}
                  onClick={() => {
                    setChoosing(null);
                    play(m);
                  }}
                  data-move={m}
                >
                  {moveLabel(m, lang, seatLabel)}
                </button>
              ))}
              <button type="button" onClick={() => setChoosing(null)}>
                {text(lang, 'cancel')}
              </button>
            </div>
          )}
          {active !== null && others.length > 0 && (
            <div class="choices" data-testid="choices">
              {others.map((m) => (
                <button
                  type="button"
                  key={m}
                  onClick={() => play(m)}
                  data-move={m}
                  class={m.startsWith('start ') ? 'colour-choice' : ''}
                  style={
                    m.startsWith('start ') || m.startsWith('token ')
                      ? { borderColor: COLOUR_FILL[(m.split(' ')[1] ?? 'red') as 'red'] }
                      : {}
                  }
                >
                  {moveLabel(m, lang, seatLabel)}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

export type { Seat };
