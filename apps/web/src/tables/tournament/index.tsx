import { useMemo, useRef, useState } from 'preact/hooks';
import { countText, createRng, describeError, type AnyGame, type Lang, type Seat } from '@roundtable/core';
import {
  POWER_BY_ID,
  check,
  effectText,
  tournament,
  usageText,
  type Move,
  type PlayView,
  type SeatView,
  type TournamentView,
} from '@roundtable/tournament';
import { CardFace } from '../../cards/face.tsx';
import { useCardMotion } from '../../cards/motion.ts';
import { SEAT_COLOURS } from '../../colours.ts';
import { colon, text } from '../../i18n.ts';
import type { TableModule, TableProps } from '../../table-api.ts';
import {
  FAMILY_STYLE,
  cardName,
  cardWounds,
  declarationOf,
  familyOf,
  isPoisoned,
  kindOf,
  moveLabel,
  powerName,
  sortHand,
  suitName,
} from './cards.ts';
import { tournamentFace } from './face.tsx';
import './tournament.css';
import { squareWords } from '../../reader/names.ts';
import { rw } from '../../reader/words.ts';
import { cardListKeys } from '../../reader/list-keys.ts';

const L = {
  round: { en: 'Round', fr: 'Manche' },
  combat: { en: 'Combat', fr: 'Combat' },
  life: { en: 'life', fr: 'PV' },
  pile: { en: 'Wound pile', fr: 'Pile de blessures' },
  wounds: { en: 'wounds', fr: 'blessures' },
  dishonour: { en: 'dishonour', fr: 'déshonneur' },
  hero: { en: 'Hero', fr: 'Héros' },
  legend: { en: 'Legend', fr: 'Légende' },
  asleep: { en: 'asleep', fr: 'endormie' },
  awake: { en: 'active', fr: 'active' },
  from: { en: 'wakes at', fr: 's’éveille à' },
  godsends: { en: 'Godsend', fr: 'Faveur' },
  used: { en: 'used this round', fr: 'utilisé cette manche' },
  shown: { en: 'Known in hand', fr: 'Connues en main' },
  seen: { en: 'You saw', fr: 'Vous avez vu' },
  table: { en: 'On the table', fr: 'Sur la table' },
  empty: { en: 'No card played yet.', fr: 'Aucune carte jouée.' },
  led: { en: 'led', fr: 'entame' },
  out: { en: 'Dishonour (discarded)', fr: 'Déshonneur (défaussées)' },
  pot: { en: 'Carried over', fr: 'Reportées' },
  lastCombat: { en: 'Last combat', fr: 'Dernier combat' },
  loses: { en: 'takes', fr: 'prend' },
  allFeinted: { en: 'every card feinted: carried over', fr: 'toutes les cartes feintées\u00a0: reportées' },
  feinted: { en: 'feinted', fr: 'feintées' },
  lastRound: { en: 'Last round', fr: 'Dernière manche' },
  deck: { en: 'Weapon pile', fr: 'Pioche Armes' },
  godsendDeck: { en: 'Godsend pile', fr: 'Pioche Faveurs' },
  divineWill: { en: 'Divine Will tokens', fr: 'Jetons Volonté divine' },
  discard: { en: 'Discard', fr: 'Défausse' },
  powers: { en: 'Your powers', fr: 'Vos pouvoirs' },
  faceUp: { en: 'Face-up godsends', fr: 'Faveurs visibles' },
  chooseHero: { en: 'Choose your hero', fr: 'Choisissez votre héros' },
  suit: { en: 'Suit', fr: 'Suite' },
  value: { en: 'Value', fr: 'Valeur' },
  declare: { en: 'Declare', fr: 'Déclarez' },
  cards: { en: 'cards', fr: 'cartes' },
  effects: { en: 'Effects this round', fr: 'Effets de la manche' },
  ward: { en: 'halves', fr: 'divise par deux' },
  curse: { en: 'doubles', fr: 'double' },
  transfer: { en: 'passes to', fr: 'transfère à' },
  pending: { en: 'next card', fr: 'prochaine carte' },
  over: { en: 'The tournament is over.', fr: 'Le tournoi est terminé.' },
  dealer: { en: 'dealer', fr: 'donneur' },
  inHand: { en: 'cards in hand', fr: 'cartes en main' },
} as const;
type Key = keyof typeof L;
const tr = (lang: Lang, k: Key): string => L[k][lang];

/** A card; `place` (and `from`, where it comes from when it was nowhere in sight) makes it travel (cards/motion.ts). */
function Card({
  id,
  lang,
  small,
  dim,
  title,
  onClick,
  testid,
  decl,
  place,
  from,
  label,
}: {
  /** Its name in a list of cards (the game's words for it). */
  label?: string;
  id: string;
  lang: Lang;
  small?: boolean;
  dim?: boolean;
  title?: string;
  onClick?: () => void;
  testid?: string;
  decl?: string;
  place?: string;
  from?: string;
}) {
  const face = tournamentFace(id, lang);
  const motion = place ? { 'data-motion': id, 'data-place': place, 'data-motion-from': from } : {};
  return (
    <CardFace
      face={face}
      small={small}
      dim={dim}
      title={title}
      onClick={onClick}
      testid={testid}
      class="t-card"
      // No label of its own: the card is named by what it shows ("13 Swords"), as speech input expects.
      data={{ 'data-card': kindOf(id), 'data-ref': id, ...motion }}
      {...(label !== undefined ? { item: true, label } : {})}
    >
      <span class="t-foot">
        {isPoisoned(id) && (
          <span class="t-poison" aria-hidden="true">
            ☠
          </span>
        )}
        <span class="t-wounds" aria-hidden="true">
          {cardWounds(id)}
        </span>
      </span>
      {decl && <span class="t-decl">{decl}</span>}
    </CardFace>
  );
}

/** "2 uses left", "1 usage restant": the words agree with the number. */
function usesLeft(n: number, lang: Lang): string {
  if (lang === 'fr') return countText(n, 'usage restant', 'usages restants', lang);
  return `${countText(n, 'use', 'uses', lang)} left`;
}

function PowerTag({
  id,
  lang,
  kind,
  extra,
  dim,
}: {
  id: string;
  lang: Lang;
  kind: string;
  extra?: string;
  dim?: boolean;
}) {
  const p = POWER_BY_ID.get(id);
  const tip = p ? `${effectText(p.effect, lang)} ${usageText(p, lang)}` : id;
  return (
    <div class={`t-power${dim ? ' asleep' : ''}`} title={tip} data-power={id}>
      <span class="t-power-kind">{kind}</span> <strong>{powerName(id, lang)}</strong>{' '}
      {extra && <span class="t-muted">({extra})</span>}
      <div class="t-power-text">{p ? effectText(p.effect, lang) : ''}</div>
    </div>
  );
}

/** What a card played as another suit stands for ("= Deception 10"): written on its face. */
function playDecl(p: PlayView, lang: Lang): string | undefined {
  const fam = familyOf(p.card);
  return (fam === 'merlin' || fam === 'apprenti' || fam === 'alchemy') && p.suit
    ? `= ${suitName(p.suit, lang)} ${p.value - p.adjust}`
    : undefined;
}

/** A power's change to a card's value ("+2 → 12"): written under the card. */
function playAdjust(p: PlayView): string | undefined {
  return p.adjust !== 0 ? `${p.adjust > 0 ? '+' : ''}${p.adjust} → ${p.value}` : undefined;
}

function SeatPanel({
  v,
  seat,
  s,
  lang,
  seatLabel,
  colour,
  mover,
}: {
  v: TournamentView;
  seat: Seat;
  s: SeatView;
  lang: Lang;
  seatLabel: (s: Seat) => string;
  colour: string;
  mover: string;
}) {
  const max = v.options.life;
  const pct = Math.max(0, Math.min(100, (s.life / max) * 100));
  const seen = v.me?.seen.find((e) => e.owner === seat);
  const toMove = v.toMove.includes(seat);
  const legend = s.legend ? POWER_BY_ID.get(s.legend) : undefined;
  return (
    <div
      class={`display t-seat${toMove ? ' to-move' : ''}`}
      data-seat={seat}
      data-testid={`seat-${seat}`}
      style={{ borderLeft: `6px solid ${colour}` }}
    >
      <div class="display-head">
        <strong>
          {toMove && (
            <span class="t-turn" aria-label="to move">
              ▶{' '}
            </span>
          )}
          {seatLabel(seat)}
        </strong>
        <span class="total" data-testid={`life-${seat}`}>
          {s.life} {tr(lang, 'life')}
        </span>
      </div>
      <div class="t-lifebar" aria-hidden="true">
        <div style={{ width: `${pct}%` }} />
      </div>
      <div class="display-meta">
        <span data-motion-src={`hand-${seat}`}>
          {s.handSize} {tr(lang, 'inHand')}
        </span>
        {v.dealer === seat && <span class="badge">{tr(lang, 'dealer')}</span>}
        {s.dishonour > 0 && (
          <span class="badge">
            {tr(lang, 'dishonour')} {s.dishonour}
          </span>
        )}
      </div>
      <div class="t-pile" data-testid={`pile-${seat}`}>
        <span>
          {tr(lang, 'pile')}
          {colon(lang)} {s.pile.length} {tr(lang, 'cards')}, <strong>{s.pileWounds}</strong> {tr(lang, 'wounds')}
        </span>
        {s.pile.length > 0 && (
          <div class="cards-row">
            {sortHand(s.pile).map((c) => {
              // Merlin and Apprenti keep the suit and value declared aloud for them.
              const d = s.declared.find((x) => x.card === c);
              return (
                <Card
                  key={c}
                  id={c}
                  lang={lang}
                  small
                  place={`pile-${seat}`}
                  from={mover}
                  {...(d ? { decl: `= ${suitName(d.suit, lang)} ${d.value}` } : {})}
                />
              );
            })}
          </div>
        )}
      </div>
      {s.hero && (
        <PowerTag
          id={s.hero}
          lang={lang}
          kind={tr(lang, 'hero')}
          extra={s.used.includes(s.hero) ? tr(lang, 'used') : undefined}
        />
      )}
      {s.legend && (
        <PowerTag
          id={s.legend}
          lang={lang}
          kind={tr(lang, 'legend')}
          dim={!s.legendActive}
          extra={
            s.legendActive
              ? `${tr(lang, 'awake')}${s.used.includes(s.legend) ? `, ${tr(lang, 'used')}` : ''}`
              : `${tr(lang, 'asleep')}${legend?.threshold ? `, ${tr(lang, 'from')} ${legend.threshold}` : ''}${s.legendFrom ? ` → ${tr(lang, 'round')} ${s.legendFrom}` : ''}`
          }
        />
      )}
      {s.godsends.map((g) => (
        <PowerTag
          key={g.id}
          id={g.id}
          lang={lang}
          kind={tr(lang, 'godsends')}
          extra={usesLeft(g.uses, lang)}
          dim={g.uses <= 0}
        />
      ))}
      {s.shown.length > 0 && (
        <div class="t-known">
          {tr(lang, 'shown')}
          {colon(lang)}{' '}
          <span class="cards-row">
            {s.shown.map((c) => (
              <Card key={c} id={c} lang={lang} small />
            ))}
          </span>
        </div>
      )}
      {seen && seen.cards.length > 0 && (
        <div class="t-known" data-testid={`seen-${seat}`}>
          {tr(lang, 'seen')}
          {colon(lang)}{' '}
          <span class="cards-row">
            {seen.cards.map((c) => (
              <Card key={c} id={c} lang={lang} small />
            ))}
          </span>
        </div>
      )}
    </div>
  );
}

/** Suit first, then value: the chooser for Merlin and Apprenti declarations. */
function Declare({
  moves,
  lang,
  play,
  cancel,
}: {
  moves: readonly string[];
  lang: Lang;
  play: (m: string) => void;
  cancel: () => void;
}) {
  const decl = moves.map((m) => ({ m, d: declarationOf(m.split(' ')[2] ?? '') }));
  const suits = [...new Set(decl.flatMap((x) => (x.d ? [x.d.suit] : [])))];
  const [suit, setSuit] = useState<string | null>(suits.length === 1 ? (suits[0] as string) : null);
  const plain = decl.filter((x) => !x.d);
  return (
    <div class="chooser t-declare" data-testid="declare">
      <span>
        {tr(lang, 'declare')} — {tr(lang, 'suit')}
        {colon(lang)}
      </span>
      {suits.map((s) => (
        <button
          type="button"
          key={s}
          class={`t-suit${suit === s ? ' chosen' : ''}`}
          aria-pressed={suit === s}
          style={{ borderColor: FAMILY_STYLE[s].fill }}
          onClick={() => setSuit(s)}
        >
          {FAMILY_STYLE[s].symbol} {suitName(s, lang)}
        </button>
      ))}
      {suit && (
        <div class="t-values">
          <span>
            {tr(lang, 'value')}
            {colon(lang)}
          </span>
          {decl
            .filter((x) => x.d?.suit === suit)
            .map((x) => (
              <button type="button" key={x.m} data-move={x.m} onClick={() => play(x.m)}>
                {x.d?.value}
              </button>
            ))}
        </div>
      )}
      {plain.map((x) => (
        <button type="button" key={x.m} data-move={x.m} onClick={() => play(x.m)}>
          {x.m}
        </button>
      ))}
      <button type="button" onClick={cancel}>
        {text(lang, 'cancel')}
      </button>
    </div>
  );
}

/**
 * The tournament table, from one seat's view: every knight's life, wound pile, hero, legend and godsends (house
 * cards labelled), the cards of the combat, and your hand, with the cards you cannot play greyed out (click one
 * for the rule that forbids it). Every choice — Merlin's declaration, a power and its arguments, the card to
 * give, a godsend to take — is picked from the legal moves.
 */
export function TournamentTable(props: TableProps) {
  const { game, lang, active, legal, play, refuse, seatLabel } = props;
  const v = props.view as TournamentView;
  const me = v.me;
  // A card's name for a screen reader: the game's own words, else its name ("13 Swords").
  const named = (id: string): string => squareWords(game, v, id, lang) ?? cardName(id, lang);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [power, setPower] = useState<string | null>(null);
  // Cards travel: from the hand that plays them to the table, from the table to the loser's wound pile.
  const root = useRef<HTMLDivElement>(null);
  useCardMotion(root, v);
  // A card that ends a combat goes straight from its hand to a pile (the views never show it on the table).
  const mover = props.lastMove ? `hand-${props.lastMove.seat}` : 'table';
  const byCard = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const m of legal) {
      const [verb, k] = m.split(' ');
      if ((verb === 'play' || verb === 'discard' || verb === 'give') && k) map.set(k, [...(map.get(k) ?? []), m]);
    }
    return map;
  }, [legal]);
  const byPower = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const m of legal) {
      const [verb, k] = m.split(' ');
      if (verb === 'use' && k) map.set(k, [...(map.get(k) ?? []), m]);
    }
    return map;
  }, [legal]);
  const others = legal.filter((m) => /^(take|draw|hero)\b/.test(m));

  const why = (kind: string): string => {
    if (!me) return '';
    try {
      const state = game.determinize(v, me.seat, createRng(7)) as Parameters<typeof check>[0];
      const p = v.phase;
      const led = v.combat.plays[0]?.suit ?? 'swords';
      let move: Move = { type: 'play', card: kind };
      if (kind === 'merlin' || kind === 'apprenti')
        move = { type: 'play', card: kind, declare: { suit: led, value: 1 } };
      if (p.kind === 'exchange') move = { type: 'give', card: kind };
      if (p.kind === 'redraw') move = { type: 'discard', card: kind };
      const error = check(state, me.seat, move);
      return error ? describeError(error, lang, game.messages) : '';
    } catch {
      return '';
    }
  };

  const clickCard = (id: string): void => {
    const kind = kindOf(id);
    const options = byCard.get(kind) ?? [];
    setPower(null);
    if (options.length === 1) {
      setChoosing(null);
      play(options[0] as string);
    } else if (options.length > 1) setChoosing(kind);
    else refuse(active === null ? text(lang, 'notYourTurnHere') : why(kind) || text(lang, 'notYourTurnHere'));
  };
  const clickPower = (id: string): void => {
    const options = byPower.get(id) ?? [];
    setChoosing(null);
    if (options.length === 1) {
      setPower(null);
      play(options[0] as string);
    } else setPower(id);
  };
  const go = (m: string): void => {
    setChoosing(null);
    setPower(null);
    play(m);
  };

  const p = v.phase;
  const fr = lang === 'fr';
  let banner: string;
  const verb = (s: Seat, en: string, frs: string): string => `${seatLabel(s)} ${fr ? frs : en}`;
  if (p.kind === 'hero') banner = verb(p.queue[0] ?? 0, 'chooses a hero.', 'choisit un héros.');
  else if (p.kind === 'combat')
    banner =
      v.combat.plays.length === 0
        ? verb(p.turn, 'leads the combat.', 'entame le combat.')
        : verb(p.turn, 'plays a card.', 'joue une carte.');
  else if (p.kind === 'exchange')
    banner =
      p.step === 'give'
        ? verb(
            p.target,
            `gives a card to ${seatLabel(p.user)} (exchange).`,
            `donne une carte à ${seatLabel(p.user)} (échange).`,
          )
        : verb(p.user, `gives a card back to ${seatLabel(p.target)}.`, `rend une carte à ${seatLabel(p.target)}.`);
  else if (p.kind === 'redraw')
    banner = verb(p.user, 'drew a weapon card and discards one.', 'a pioché une carte Armes et en défausse une.');
  else if (p.kind === 'godsend') banner = verb(p.queue[0] ?? 0, 'takes a godsend.', 'prend une faveur divine.');
  else banner = tr(lang, 'over');
  const mine = active !== null;
  const lc = v.lastCombat;
  const lr = v.lastRound;
  const colour = (s: Seat): string => SEAT_COLOURS[s] ?? '#888';

  return (
    <div class="tournament-table" data-phase={p.kind} ref={root}>
      <div class="joust-head t-head">
        <span data-testid="round">
          {tr(lang, 'round')} {v.round} · {tr(lang, 'combat')} {v.combat.number}
        </span>
        <span data-motion-src="deck">
          {tr(lang, 'deck')}
          {colon(lang)} {v.deckSize}
        </span>
        {v.options.godsends && (
          <span>
            {tr(lang, 'godsendDeck')}
            {colon(lang)} {v.godsendDeckSize}
          </span>
        )}
        {v.divineWill > 0 && (
          <span>
            {tr(lang, 'divineWill')}
            {colon(lang)} {v.divineWill}
          </span>
        )}
        <span>
          {tr(lang, 'discard')}
          {colon(lang)}{' '}
          {v.discard.length > 0 ? (
            <Card id={v.discard[v.discard.length - 1] as string} lang={lang} small place="discard" from={mover} />
          ) : (
            '—'
          )}{' '}
          {v.discard.length > 1 ? `(${v.discard.length})` : ''}
        </span>
      </div>
      <p class={`notice t-banner${mine ? ' mine' : ''}`} data-testid="phase">
        {mine ? '▶ ' : ''}
        {banner}
      </p>

      <section class="t-combat" data-testid="combat" aria-label={tr(lang, 'table')} data-motion-src="table">
        <h2>{tr(lang, 'table')}</h2>
        {v.combat.plays.length === 0 && v.combat.out.length === 0 ? (
          lc && lc.plays.length > 0 ? (
            // The combat just fought stays in sight, smaller, until the next card is led: its last card went
            // straight to a pile, and the table would otherwise empty before anyone saw it.
            <div class="t-plays t-echo" data-testid="last-plays" aria-label={tr(lang, 'lastCombat')} role="list">
              {lc.plays.map((pl, i) => (
                <div class="t-play" key={`${pl.card}-${i}`} role="listitem">
                  <Card id={pl.card} lang={lang} small decl={playDecl(pl, lang)} dim={lc.feinted.includes(pl.card)} />
                  <span class="t-who" style={{ borderColor: colour(pl.seat) }}>
                    {seatLabel(pl.seat)}
                    {lc.loser === pl.seat ? ` · ${tr(lang, 'loses')} ${lc.cards.length}` : ''}
                  </span>
                </div>
              ))}
            </div>
          ) : (
            p.kind === 'combat' && <p class="t-muted">{tr(lang, 'empty')}</p>
          )
        ) : (
          <div class="t-plays" role="list" aria-label={tr(lang, 'table')}>
            {v.combat.plays.map((pl, i) => (
              <div class="t-play" key={`${pl.card}-${i}`} data-testid="played" role="listitem">
                <Card id={pl.card} lang={lang} decl={playDecl(pl, lang)} place="table" from={`hand-${pl.seat}`} />
                {playAdjust(pl) && <span class="t-adjust">{playAdjust(pl)}</span>}
                <span class="t-who" style={{ borderColor: colour(pl.seat) }}>
                  {seatLabel(pl.seat)}
                  {i === 0 ? ` · ${tr(lang, 'led')}` : ''}
                </span>
              </div>
            ))}
            {v.combat.out.map((o) => (
              <div class="t-play out" key={`out-${o.card}`} role="listitem">
                <Card id={o.card} lang={lang} dim place="table-out" from={`hand-${o.seat}`} />
                <span class="t-who" style={{ borderColor: colour(o.seat) }}>
                  {seatLabel(o.seat)} · {tr(lang, 'dishonour')}
                </span>
              </div>
            ))}
          </div>
        )}
        {p.kind === 'godsend' && (
          <p class="t-face-up" data-testid="face-up">
            {tr(lang, 'faceUp')}
            {colon(lang)} {p.faceUp.map((g) => powerName(g, lang)).join(', ') || '—'}
          </p>
        )}
        {p.kind === 'hero' && (
          <p class="t-face-up">
            {tr(lang, 'chooseHero')}
            {colon(lang)} {p.free.map((h) => powerName(h, lang)).join(', ')}
          </p>
        )}
        {v.combat.pot.length > 0 && (
          <div class="t-known">
            {tr(lang, 'pot')}
            {colon(lang)}{' '}
            <span class="cards-row" role="list" aria-label={tr(lang, 'pot')}>
              {v.combat.pot.map((c) => (
                <Card key={c} id={c} lang={lang} small place="pot" from="table" label={named(c)} />
              ))}
            </span>
          </div>
        )}
        {v.adjust && (
          <p class="t-muted">
            {seatLabel(v.adjust.seat)}
            {colon(lang)} {powerName(v.adjust.power, lang)} {v.adjust.by > 0 ? '+' : ''}
            {v.adjust.by} ({tr(lang, 'pending')})
          </p>
        )}
        {v.effects.length > 0 && (
          <ul class="t-effects" aria-label={tr(lang, 'effects')}>
            {v.effects.map((e, i) => (
              <li key={i}>
                {e.kind === 'ward' && `${seatLabel(e.by)} ${tr(lang, 'ward')} ${suitName(e.suit, lang)}`}
                {e.kind === 'curse' &&
                  `${seatLabel(e.by)} ${tr(lang, 'curse')} ${suitName(e.suit, lang)} → ${seatLabel(e.target)}`}
                {e.kind === 'transfer' &&
                  `${seatLabel(e.by)}${colon(lang)} ${suitName(e.suit, lang)} ${tr(lang, 'transfer')} ${seatLabel(e.target)}`}
              </li>
            ))}
          </ul>
        )}
        {lc && (
          <p class="t-last" data-testid="last-combat">
            {tr(lang, 'lastCombat')} ({tr(lang, 'round')} {lc.round}, #{lc.number}){colon(lang)}{' '}
            {lc.loser === null
              ? tr(lang, 'allFeinted')
              : `${seatLabel(lc.loser)} ${tr(lang, 'loses')} ${lc.cards.map((c) => cardName(c, lang)).join(', ')}`}
            {lc.feinted.length > 0 &&
              lc.loser !== null &&
              ` · ${tr(lang, 'feinted')}${colon(lang)} ${lc.feinted.map((c) => cardName(c, lang)).join(', ')}`}
          </p>
        )}
        {lr && (
          <p class="t-last" data-testid="last-round">
            {tr(lang, 'lastRound')} {lr.round}
            {colon(lang)}{' '}
            {lr.wounds
              .map((w, s) => `${seatLabel(s)} −${w}${(lr.healed[s] ?? 0) > 0 ? ` +${lr.healed[s]}` : ''}`)
              .join(' · ')}
          </p>
        )}
      </section>

      {me && (
        <div class="hand-area t-hand-area">
          <h2>
            {text(lang, 'yourHand')} — {seatLabel(me.seat)}
          </h2>
          <div
            class="hand"
            data-testid="hand"
            role="list"
            aria-label={text(lang, 'yourHand')}
            aria-describedby="hand-keys"
            onKeyDown={cardListKeys}
          >
            {sortHand(me.hand).map((c) => {
              const ok = byCard.has(kindOf(c));
              return (
                <Card
                  key={c}
                  id={c}
                  lang={lang}
                  place="hand"
                  from="deck"
                  dim={!ok}
                  onClick={() => clickCard(c)}
                  testid={ok ? 'playable' : 'unplayable'}
                  label={ok ? named(c) : `${named(c)}, ${rw(lang, 'notPlayable')}`}
                />
              );
            })}
          </div>
          <p id="hand-keys" class="sr-only">
            {rw(lang, 'handKeys')}
          </p>
          {choosing && (byCard.get(choosing)?.length ?? 0) > 1 && (
            <Declare
              key={choosing}
              moves={byCard.get(choosing) ?? []}
              lang={lang}
              play={go}
              cancel={() => setChoosing(null)}
            />
          )}
          {mine && byPower.size > 0 && (
            <div class="choices t-powers" data-testid="powers">
              <span>
                {tr(lang, 'powers')}
                {colon(lang)}
              </span>
              {[...byPower.keys()].map((id) => (
                <button
                  type="button"
                  key={id}
                  class={power === id ? 'chosen' : ''}
                  onClick={() => clickPower(id)}
                  data-power={id}
                  title={POWER_BY_ID.get(id) ? effectText(POWER_BY_ID.get(id)!.effect, lang) : id}
                >
                  ✦ {powerName(id, lang)}
                </button>
              ))}
            </div>
          )}
          {power && (
            <div class="chooser" data-testid="power-args">
              <span>
                {powerName(power, lang)}
                {colon(lang)}
              </span>
              {(byPower.get(power) ?? []).map((m) => (
                <button type="button" key={m} data-move={m} onClick={() => go(m)}>
                  {moveLabel(m, lang, seatLabel).split(' · ').slice(1).join(' · ') || moveLabel(m, lang, seatLabel)}
                </button>
              ))}
              <button type="button" onClick={() => setPower(null)}>
                {text(lang, 'cancel')}
              </button>
            </div>
          )}
          {mine && others.length > 0 && (
            <div class="t-picks" data-testid="choices">
              <span>
                {p.kind === 'hero' ? tr(lang, 'chooseHero') : tr(lang, 'faceUp')}
                {colon(lang)}
              </span>
              {others.map((m) => {
                const id = m.split(' ')[1];
                const pw = id ? POWER_BY_ID.get(id) : undefined;
                return (
                  <button type="button" key={m} data-move={m} onClick={() => go(m)} class="t-pick">
                    <strong>{moveLabel(m, lang, seatLabel)}</strong>
                    {pw && (
                      <small>
                        {effectText(pw.effect, lang)}
                        {pw.legend ? ` — ${tr(lang, 'legend')}${colon(lang)} ${powerName(pw.legend, lang)}` : ''}
                      </small>
                    )}
                  </button>
                );
              })}
            </div>
          )}
        </div>
      )}

      <div class="displays t-seats">
        {v.seats.map((s, i) => (
          <SeatPanel key={i} v={v} seat={i} s={s} lang={lang} seatLabel={seatLabel} colour={colour(i)} mover={mover} />
        ))}
      </div>
    </div>
  );
}

export const table: TableModule = {
  game: tournament as AnyGame,
  Table: TournamentTable,
  seatColour: (seat) => SEAT_COLOURS[seat] ?? '#888',
};
