import { squareWords } from '../../reader/names.ts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  createRng,
  describeError,
  pluralFor,
  type AnyGame,
  type Lang,
  type Outcome,
  type Seat,
} from '@roundtable/core';
import {
  KNIGHT_DATA,
  RELIC_DATA,
  check,
  kindOfInstance,
  shadows,
  type Move,
  type ShadowsState,
  type ShadowsView,
  type Relic,
} from '@roundtable/shadows';
import { OKABE_ITO, SEAT_COLOURS } from '../../colours.ts';
import { colon, text } from '../../i18n.ts';
import { playerWords } from '../../player-words.ts';
import type { EndSummary, TableModule, TableProps } from '../../table-api.ts';
import { Board, type LitMap } from './board.tsx';
import { inkOn } from './chips.tsx';
import { ActionBar, Hand, Prompt, Secrets } from './dock.tsx';
import { cardName, colourWord, declarationText, kindOfCard, moveLabel, placeName, tr } from './labels.ts';
import {
  afford,
  barMoves,
  canGrow,
  freeOnBoard,
  matching,
  pickCard,
  targetKey,
  type Affordance,
  type Context,
} from './moves.ts';
import './shadows.css';

const ACTION_NAMES: Record<string, { en: string; fr: string }> = {
  move: { en: 'move', fr: 'déplacement' },
  quest: { en: 'quest', fr: 'quête' },
  special: { en: 'special card', fr: 'carte spéciale' },
  heal: { en: 'heal', fr: 'soin' },
  accuse: { en: 'accuse', fr: 'accusation' },
};

/**
 * The table of Shadows over Camelot, drawn from the seat's view only, as a board: Camelot (the Round Table and
 * its swords, the siege engines, the piles) among the quests, the knights' figures where they stand; under it
 * (on a phone, in a drawer at the bottom) your hand as cards and the actions. A card is picked, then the places
 * where it may go light up; a lit place is clicked to play there. Every lit thing is one legal move.
 */
export function ShadowsTable(props: TableProps) {
  const { game, lang, active, legal, play, refuse, seatLabel } = props;
  const v = props.view as ShadowsView;
  const me = v.me;
  const fr = lang === 'fr';
  const name = (s: Seat): string => seatLabel(s);
  // Picked cards of the hand, by instance id (two Fight 3 are two cards); a place with several moves to choose from.
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [between, setBetween] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const ph0 = v.phase;
  const ctx: Context = {
    me: me?.seat ?? null,
    location: me ? (v.knights[me.seat]?.location ?? null) : null,
    swapFrom: ph0.kind === 'swap' ? ph0.from : null,
    kayQuest: ph0.kind === 'kay' ? ph0.pending.quest : null,
  };
  const affs = useMemo(
    () => (active === null ? [] : legal.map((m) => afford(m, ctx))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the moves' content and ctx's fields: the shell may hand over equal arrays and ctx is rebuilt each render
    [legal.join('\n'), active, ctx.me, ctx.location, ctx.swapFrom, ctx.kayQuest],
  );
  const kinds = picked.map(kindOfInstance);
  const stillHeld = me ? picked.every((id) => me.hand.includes(id)) : false;
  // A new position forgets the pick (compared by content: the shell may hand over a new array for the same moves).
  const legalKey = `${active ?? ''}|${legal.join('\n')}`;
  useEffect(() => {
    setPicked([]);
    setBetween(null);
  }, [legalKey]);
  const cancel = (): void => {
    setPicked([]);
    setBetween(null);
  };
  useEffect(() => {
    if (picked.length === 0 && between === null && !open) return undefined;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return;
      if (picked.length > 0 || between !== null) cancel();
      else setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [picked, between, open]);

  const matches = stillHeld ? matching(affs, kinds) : [];
  const lit: LitMap = useMemo(() => {
    const map = new Map<string, Affordance[]>();
    const source = picked.length > 0 ? matches : freeOnBoard(affs);
    for (const f of source) if (f.target) map.set(targetKey(f.target), [...(map.get(targetKey(f.target)) ?? []), f]);
    return map;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- matches follows from affs and picked (and the hand, which picked is checked against)
  }, [affs, picked]);

  const why = (kind: string): string => {
    if (!me || active === null) return text(lang, 'notYourTurnHere');
    const k = kindOfCard(kind);
    if (!k) return '';
    // The move this card would most likely make; the engine says why it is refused now.
    const move: Move | null =
      v.phase.kind === 'lay'
        ? { type: 'lay', card: kind }
        : k.effect === 'fight'
          ? { type: 'fight', card: kind }
          : k.effect === 'grail'
            ? { type: 'grail' }
            : k.special
              ? { type: 'play', card: kind }
              : null;
    if (!move) return tr(lang, 'notAction');
    try {
      const state = game.determinize(v, me.seat, createRng(7)) as ShadowsState;
      const error = check(state, me.seat, move);
      return error ? describeError(error, lang, game.messages) : tr(lang, 'notAction');
    } catch {
      return tr(lang, 'notAction');
    }
  };

  const go = (move: string): void => {
    cancel();
    play(move);
  };
  const clickCard = (id: string): void => {
    setBetween(null);
    if (picked.includes(id)) {
      setPicked(picked.filter((x) => x !== id));
      return;
    }
    const kind = kindOfInstance(id);
    const next = pickCard(affs, kinds, kind);
    if (next === null) {
      cancel();
      refuse(why(kind));
      return;
    }
    const ids = next.length === kinds.length + 1 ? [...picked, id] : [id];
    setPicked(ids);
    // On a phone the drawer steps aside when the board is where the card goes.
    if (matching(affs, next).some((f) => f.target !== null)) setOpen(false);
  };
  const onTarget = (key: string): void => {
    const here = lit.get(key) ?? [];
    if (here.length === 1) go((here[0] as Affordance).move);
    else if (here.length > 1) setBetween(key);
  };
  const verb = (fs: readonly Affordance[]): string => {
    const m = fs.length === 1 ? (fs[0] as Affordance).move : '';
    const w = m.split(' ');
    const V = (en: string, frw: string): string => (fr ? frw : en);
    if (m === '') return V('Choose…', 'Choisir…');
    if (w[0] === 'give' || w[0] === 'return' || (w[0] === 'play' && w[1] === 'messenger')) return V('Give', 'Donner');
    if (w[0] === 'target') return V('Target', 'Cibler');
    if (m === 'evil siege') return V('+1 engine', '+1 engin');
    if (m === 'evil black' || m === 'draw') return V('Draw', 'Piocher');
    if (m === 'evil life') return V('Lose 1', 'Perdre 1');
    if (w[0] === 'siege') return V('Fight', 'Combattre');
    if (w[0] === 'play' && w[1] === 'merlin' && w[2] === 'siege') return V('Remove 1', 'Retirer 1');
    if (w[0] === 'heal') return V('Heal', 'Se soigner');
    if (w[0] === 'lay') return V('Lay', 'Poser');
    if (w[0] === 'kay') return V('Add', 'Ajouter');
    return V('Play', 'Jouer');
  };
  const say = (fs: readonly Affordance[]): string =>
    fs.length === 1 ? moveLabel((fs[0] as Affordance).move, lang, seatLabel) : fr ? 'Jouer ici…' : 'Play here…';

  // ---- the phase, in words
  const ph = v.phase;
  const waiting = (ws: readonly Seat[]): string =>
    ws.length > 0 ? ` ${tr(lang, 'waitFor')}${colon(lang)} ${ws.map(name).join(', ')}.` : '';
  let stage = '';
  let banner = '';
  switch (ph.kind) {
    case 'lay':
      stage = fr ? 'Préliminaire' : 'Opening';
      banner =
        (fr ? 'Chacun pose une carte blanche face visible.' : 'Everyone lays one white card face up.') +
        waiting(ph.waiting);
      break;
    case 'propose':
      stage = fr ? 'Préliminaire' : 'Opening';
      banner = fr
        ? `${name(ph.seat)} propose la répartition des cartes posées.`
        : `${name(ph.seat)} proposes who receives which laid card.`;
      break;
    case 'vote':
      stage = fr ? 'Préliminaire' : 'Opening';
      banner = (fr ? 'Vote secret sur la proposition.' : 'Secret vote on the proposal.') + waiting(ph.waiting);
      break;
    case 'evil':
      if ('excalibur' in ph) {
        // Excalibur's cancel window is its own step: only the holder answers (option excaliburCancel).
        const x = ph.excalibur;
        const drawn =
          'card' in x
            ? cardName(x.card, lang)
            : fr
              ? `une carte ${placeName(x.quest, lang)}, que seul son piocheur voit`
              : `a ${placeName(x.quest, lang)} card, seen only by its drawer`;
        stage = 'Excalibur';
        banner = fr
          ? `Excalibur\u00a0: annuler la carte noire qui vient d’être piochée (${drawn})\u00a0? ${name(x.seat)} tient Excalibur et décide.`
          : `Excalibur: cancel the black card just drawn (${drawn})? ${name(x.seat)} holds Excalibur and decides.`;
        break;
      }
      stage = fr ? 'Progression du Mal' : 'Progression of Evil';
      banner = fr
        ? `${name(v.active)} choisit\u00a0: carte noire, engin de siège ou point de bravoure.`
        : `${name(v.active)} chooses: a black card, a siege engine or a life point.`;
      break;
    case 'armor':
      stage = fr ? 'Progression du Mal' : 'Progression of Evil';
      banner = fr
        ? `${name(v.active)} (Armure de Lancelot) garde une des deux cartes noires.`
        : `${name(v.active)} (Lancelot's Armor) keeps one of two black cards.`;
      break;
    case 'place':
      stage = fr ? 'Progression du Mal' : 'Progression of Evil';
      banner = fr
        ? `${name(v.active)} pose une carte ${placeName(ph.quest, lang)} face visible ou cachée.`
        : `${name(v.active)} lays a ${placeName(ph.quest, lang)} card face up or face down.`;
      break;
    case 'war':
      stage = fr ? 'Progression du Mal' : 'Progression of Evil';
      banner = `${cardName(ph.card, lang)} : ${fr ? `${name(v.active)} choisit la guerre.` : `${name(v.active)} chooses the war.`}`;
      break;
    case 'merlin':
      stage = fr ? 'Fenêtre Merlin' : 'Merlin window';
      banner =
        (fr
          ? `${cardName(ph.card, lang)}\u00a0: chacun répond en secret\u00a0; 3 Merlin l’annulent.`
          : `${cardName(ph.card, lang)}: everyone answers in secret; 3 Merlins cancel it.`) + waiting(ph.waiting);
      break;
    case 'volunteer':
      stage = fr ? 'Volontaires' : 'Volunteers';
      banner =
        (fr
          ? `${cardName(ph.card, lang)}\u00a0: qui se porte volontaire\u00a0?`
          : `${cardName(ph.card, lang)}: who volunteers?`) + waiting(ph.waiting);
      break;
    case 'discard':
      stage = fr ? 'Défausse' : 'Discard';
      banner =
        (fr
          ? `${cardName(ph.card, lang)}\u00a0: défausser des cartes blanches.`
          : `${cardName(ph.card, lang)}: discard white cards.`) + waiting(ph.waiting);
      break;
    case 'heroic':
      stage = fr ? 'Action héroïque' : 'Heroic action';
      banner = fr
        ? `${name(v.active)} fait une action héroïque (une seconde, d’un autre type, coûte 1 point).`
        : `${name(v.active)} takes a heroic action (a second one, of another type, costs 1 life).`;
      if (v.turn.used.length > 0)
        banner += ` ${tr(lang, 'used')}${colon(lang)} ${v.turn.used.map((a) => ACTION_NAMES[a]?.[lang] ?? a).join(', ')}.`;
      break;
    case 'swap':
      stage = fr ? 'Échange du Roi Arthur' : 'King Arthur’s swap';
      banner = fr
        ? `${name(ph.to)} rend une carte à ${name(ph.from)}.`
        : `${name(ph.to)} gives a card back to ${name(ph.from)}.`;
      break;
    case 'clairvoyance':
      stage = 'Clairvoyance';
      banner = fr
        ? `${name(ph.seat)} remet dans l’ordre les ${ph.count} cartes noires du dessus.`
        : `${name(ph.seat)} orders the top ${ph.count} black cards.`;
      break;
    case 'kay':
      stage = fr ? 'Sire Keu' : 'Sir Kay';
      banner = fr
        ? `${name(ph.seat)} peut ajouter une carte Combat au combat perdu.`
        : `${name(ph.seat)} may add a Fight card to the losing combat.`;
      break;
    case 'grail-save':
      stage = fr ? 'Saint Graal' : 'Holy Grail';
      banner = fr
        ? `${name(ph.seat)} peut sauver ${name(ph.dying)} avec le Graal.`
        : `${name(ph.seat)} may save ${name(ph.dying)} with the Grail.`;
      break;
    case 'traitor':
      stage = fr ? 'Le félon' : 'The traitor';
      banner = fr
        ? `Le félon démasqué ${name(v.active)} choisit une victime.`
        : `The unmasked traitor ${name(v.active)} picks a victim.`;
      break;
    case 'over':
      stage = text(lang, 'gameOver');
      banner = `${ph.loyalWin ? (fr ? 'Les chevaliers loyaux l’emportent' : 'The loyal knights win') : fr ? 'Le Mal l’emporte' : 'Evil wins'} (${reasonText(ph.reason, lang)}).`;
      break;
  }

  const relicHolder = (r: Relic): string => {
    const h = v.relics[r];
    return h === 'quest' ? tr(lang, 'onQuest') : h === 'gone' ? tr(lang, 'gone') : name(h);
  };
  const effects = [
    v.effects.mists && cardName(v.effects.mists, lang),
    v.effects.vivien && cardName(v.effects.vivien, lang),
    v.effects.broceliande && cardName(v.effects.broceliande, lang),
    v.effects.mordred && `${cardName(v.effects.mordred.card, lang)} (${placeName(v.effects.mordred.war, lang)})`,
    v.effects.heroism && `${cardName(v.effects.heroism.card, lang)} (${placeName(v.effects.heroism.quest, lang)})`,
  ].filter((x): x is string => typeof x === 'string');

  const colour = (s: Seat): string => table.seatColour(s, v.players);
  const bar = barMoves(affs).map((f) => f.move);
  const onBoard = freeOnBoard(affs);
  const usable = (kind: string): boolean => canGrow(affs, [], kind);
  const playable = me ? me.hand.filter((c) => usable(kindOfInstance(c))).length : 0;
  const more =
    picked.length > 0 && (me?.hand ?? []).some((c) => !picked.includes(c) && canGrow(affs, kinds, kindOfInstance(c)));
  const betweenMoves = between ? (lit.get(between) ?? []) : [];
  // What the person can do now, in a sentence (the board's lit places, the hand, the buttons).
  const tip = ((): string => {
    if (active === null || legal.length === 0) return '';
    if (ph.kind === 'evil' && !('excalibur' in ph) && onBoard.length > 0)
      return fr
        ? 'Progression du Mal — choisissez sur le plateau\u00a0: la pioche noire, les engins de siège ou votre bravoure.'
        : 'Progression of Evil — choose on the board: the black pile, the siege engines or your life.';
    const parts: string[] = [];
    if (playable > 0) parts.push(fr ? 'choisissez une carte de votre main' : 'pick a card of your hand');
    if (onBoard.some((f) => f.target?.kind === 'place' && f.move.startsWith('move ')))
      parts.push(fr ? 'cliquez une quête pour y aller' : 'click a quest to go there');
    else if (onBoard.length > 0) parts.push(fr ? 'cliquez un endroit en surbrillance' : 'click a highlighted place');
    if (bar.length > 0 && parts.length > 0) parts.push(fr ? 'ou un bouton' : 'or a button');
    if (parts.length === 0) return '';
    const s = parts.join(parts.length > 2 ? ', ' : fr ? ' ou ' : ' or ');
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
  })();

  return (
    <div
      class={`shadows${open ? ' drawer-open' : ''}${picked.length > 0 ? ' picking' : ''}`}
      data-testid="board"
      data-phase={ph.kind}
    >
      <div class="sh-head">
        <span class="sh-stage" data-testid="stage">
          {stage}
        </span>
        {v.turnNumber > 0 && (
          <span>
            {tr(lang, 'turn')} {v.turnNumber} · {name(v.active)}
          </span>
        )}
      </div>
      <p class={`notice sh-banner${ph.kind === 'over' ? (ph.loyalWin ? ' good' : ' bad') : ''}`} data-testid="phase">
        {banner}
      </p>

      <ul class="sh-knights" data-testid="knights" aria-label={tr(lang, 'knights')}>
        {v.knights.map((k, i) => (
          <li
            key={i}
            class={`${v.toMove.includes(i) ? 'to-move' : ''}${k.alive ? '' : ' dead'}${i === v.active ? ' active' : ''}`}
            data-seat={i}
          >
            <span class="dot" style={{ background: colour(i), color: inkOn(colour(i)) }} aria-hidden="true">
              {i + 1}
            </span>
            <strong title={playerWords(KNIGHT_DATA[k.knight].power[lang])}>{name(i)}</strong>
            <span
              class="sh-life"
              title={`${k.life}/6 ${tr(lang, 'life')}`}
              aria-label={`${k.life} ${tr(lang, 'life')}`}
            >
              {'♥'.repeat(Math.max(0, k.life))}
              <span class="lost">{'♡'.repeat(Math.max(0, 6 - k.life))}</span>
            </span>
            <span>{k.alive ? (k.location ? placeName(k.location, lang) : tr(lang, 'gone')) : tr(lang, 'dead')}</span>
            <span>
              {k.handSize} {pluralFor(k.handSize, lang) ? tr(lang, 'cards') : tr(lang, 'card')}
            </span>
            {(['excalibur', 'grail', 'armor'] as const)
              .filter((r) => v.relics[r] === i)
              .map((r) => (
                <span key={r} class="badge relic">
                  {RELIC_DATA[r][lang]}
                </span>
              ))}
            {k.revealed && <span class="badge traitor">{tr(lang, 'traitorRevealed')}</span>}
            {k.accused && <span class="badge">{tr(lang, 'accused')}</span>}
            {k.declaration && (
              <small class="sh-decl">
                {' '}
                {tr(lang, 'declared')} {declarationText(k.declaration.what, k.declaration.quest, lang)}
              </small>
            )}
          </li>
        ))}
      </ul>

      <Board v={v} lang={lang} name={name} colour={colour} lit={lit} onTarget={onTarget} say={say} verb={verb} />

      <div class="sh-info">
        <span>
          {tr(lang, 'relics')}
          {colon(lang)}{' '}
          {(['excalibur', 'grail', 'armor'] as const)
            .map((r) => `${RELIC_DATA[r][lang]} — ${relicHolder(r)}`)
            .join(' · ')}
        </span>
        <span>
          {tr(lang, 'discard')}
          {colon(lang)} {v.whiteDiscard.length} {colourWord('white', v.whiteDiscard.length, lang)} ·{' '}
          {v.blackDiscard.length} {colourWord('black', v.blackDiscard.length, lang)}
        </span>
        {v.lastRoll && (
          <span>
            {tr(lang, 'lastRoll')}
            {colon(lang)} {name(v.lastRoll.seat)} {v.lastRoll.sum} vs 1d8 = {v.lastRoll.roll} (
            {v.lastRoll.won ? tr(lang, 'won') : tr(lang, 'lost')})
          </span>
        )}
        {effects.length > 0 && (
          <span>
            {tr(lang, 'effects')}
            {colon(lang)} {effects.join(' · ')}
          </span>
        )}
      </div>

      {(me || (active !== null && legal.length > 0)) && (
        <div class={`sh-dock hand-area${open ? ' open' : ''}`}>
          {active !== null && legal.length > 0 && (
            <div class="sh-bar" data-testid="choices" aria-label={tr(lang, 'choices')} role="group">
              {picked.length > 0 ? (
                <Prompt
                  lang={lang}
                  names={picked.map((c) => cardName(c, lang)).join(' + ')}
                  matches={matches}
                  more={more}
                  onBoard={lit.size}
                  play={go}
                  cancel={cancel}
                  seatLabel={seatLabel}
                />
              ) : (
                <>
                  {tip && <span class="sh-tip">{tip}</span>}
                  <ActionBar lang={lang} v={v} moves={bar} play={go} seatLabel={seatLabel} />
                </>
              )}
              {betweenMoves.length > 1 && (
                <span class="sh-chunk" role="group">
                  {betweenMoves.map((f) => (
                    <button type="button" key={f.move} class="primary" onClick={() => go(f.move)} data-move={f.move}>
                      {moveLabel(f.move, lang, seatLabel)}
                    </button>
                  ))}
                </span>
              )}
            </div>
          )}
          {me && (
            <button
              type="button"
              class="sh-drawer-toggle"
              aria-expanded={open}
              aria-controls="sh-drawer"
              onClick={() => setOpen(!open)}
              data-testid="drawer"
            >
              {open ? '▼' : '▲'} {tr(lang, 'yourHand')} ({me.hand.length})
              {playable > 0 && active !== null
                ? ` · ${playable} ${fr ? (pluralFor(playable, 'fr') ? 'jouables' : 'jouable') : 'playable'}`
                : ''}
            </button>
          )}
          {me && (
            <div class="sh-drawer" id="sh-drawer">
              <Hand
                v={v}
                lang={lang}
                picked={picked}
                usable={usable}
                onCard={clickCard}
                seatLabel={seatLabel}
                named={(id) => squareWords(props.game, v, id, lang)}
              />
              <Secrets v={v} lang={lang} seatLabel={seatLabel} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function reasonText(reason: string, lang: Lang): string {
  const fr = lang === 'fr';
  switch (reason) {
    case 'siege':
      return fr ? '12 engins de siège' : '12 siege engines';
    case 'black-swords':
      return fr ? '7 épées noires' : '7 black swords';
    case 'loyal-dead':
      return fr ? 'tous les loyaux sont morts' : 'every loyal knight is dead';
    case 'swords':
      return fr ? '12 épées sur la Table Ronde' : '12 swords on the Round Table';
    case 'exhaustion':
      return fr ? 'limite de tours' : 'turn limit';
    default:
      return reason;
  }
}

/** The end of a match: each knight's loyalty (the traitor revealed), life, and the swords on the table. */
function endSummary(raw: unknown, outcome: Outcome, lang: Lang): EndSummary {
  const v = raw as ShadowsView;
  const fr = lang === 'fr';
  const loyalWin = v.phase.kind === 'over' ? v.phase.loyalWin : false;
  const traitors = new Set(
    loyalWin ? v.knights.map((_, i) => i).filter((i) => !outcome.winners.includes(i)) : outcome.winners,
  );
  return {
    columns: [fr ? 'Chevalier' : 'Knight', fr ? 'Allégeance' : 'Loyalty', fr ? 'Bravoure' : 'Life'],
    rows: v.knights.map((k, i) => [
      KNIGHT_DATA[k.knight][lang],
      traitors.has(i) ? tr(lang, 'traitor') : tr(lang, 'loyal'),
      k.alive ? k.life : tr(lang, 'dead'),
    ]),
    lines: [
      `${tr(lang, 'swords')} : ${v.whiteSwords} ${colourWord('white', v.whiteSwords, lang)}, ${v.blackSwords} ${colourWord('black', v.blackSwords, lang)} · ${tr(lang, 'siege')} : ${v.siege}`.replace(
        / :/g,
        fr ? '\u00a0:' : ':',
      ),
      traitors.size === 0 ? (fr ? 'Il n’y avait pas de félon à la table.' : 'There was no traitor at the table.') : '',
    ].filter(Boolean),
    headline: loyalWin
      ? fr
        ? 'Les chevaliers loyaux l’emportent\u00a0!'
        : 'The loyal knights win!'
      : traitors.size > 0
        ? fr
          ? 'Le félon l’emporte\u00a0!'
          : 'The traitor wins!'
        : fr
          ? 'Camelot est tombée\u00a0: tout le monde a perdu.'
          : 'Camelot has fallen: everyone lost.',
  };
}

export const table: TableModule = {
  game: shadows as AnyGame,
  Table: ShadowsTable,
  seatColour: (seat) => SEAT_COLOURS[seat] ?? OKABE_ITO.black,
  endSummary,
};
