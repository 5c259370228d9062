import { useMemo, useState } from 'preact/hooks';
import { createRng, describeError, type AnyGame, type Lang, type Outcome, type Seat } from '@roundtable/core';
import { KNIGHT_DATA, RELIC_DATA, check, kindOfInstance, shadows, type Move, type ShadowsState, type ShadowsView, type Relic } from '@roundtable/shadows';
import { CardFace } from '../../cards/face.tsx';
import { OKABE_ITO, SEAT_COLOURS } from '../../colours.ts';
import { text } from '../../i18n.ts';
import { playerWords } from '../../player-words.ts';
import type { EndSummary, TableModule, TableProps } from '../../table-api.ts';
import { GROUP_NAMES, cardName, declarationText, groupOf, kindOfCard, moveLabel, placeName, tr, type Group } from './labels.ts';
import { shadowsFace } from './face.tsx';
import './shadows.css';

const ACTION_NAMES: Record<string, { en: string; fr: string }> = {
  move: { en: 'move', fr: 'déplacement' },
  quest: { en: 'quest', fr: 'quête' },
  special: { en: 'special card', fr: 'carte spéciale' },
  heal: { en: 'heal', fr: 'soin' },
  accuse: { en: 'accuse', fr: 'accusation' },
};

const GROUP_ORDER: readonly Group[] = ['opening', 'evil', 'move', 'quest', 'cards', 'accuse', 'declare', 'answer'];

type Bunch = { kind: 'one'; move: string; label: string } | { kind: 'many'; prefix: string; options: { move: string; label: string }[] };

/**
 * Choices that differ only after their "Prefix: " (fighting a siege engine with each combination of cards,
 * giving each card to each knight) are offered as one prefix and a list to pick from, not as dozens of buttons.
 */
function bunch(moves: readonly string[], label: (m: string) => string): Bunch[] {
  const out: Bunch[] = [];
  const byPrefix = new Map<string, { move: string; label: string }[]>();
  // "Fight a siege engine: Fight 3 + Fight 4" → "Fight a siege engine"; "Give Fight 1 → Bot 2" → "Give".
  const split = (l: string): [string, string] => {
    const colon = l.indexOf(': ');
    if (colon > 0) return [l.slice(0, colon), l.slice(colon + 2)];
    const space = l.indexOf(' ');
    return l.includes(' → ') && space > 0 ? [l.slice(0, space), l.slice(space + 1)] : ['', l];
  };
  for (const m of moves) {
    const [prefix, rest] = split(label(m));
    if (prefix) byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), { move: m, label: rest }]);
  }
  const done = new Set<string>();
  for (const m of moves) {
    const l = label(m);
    const [prefix] = split(l);
    const options = prefix ? (byPrefix.get(prefix) ?? []) : [];
    if (options.length >= 5) {
      if (!done.has(prefix)) out.push({ kind: 'many', prefix, options });
      done.add(prefix);
    } else out.push({ kind: 'one', move: m, label: l });
  }
  return out;
}

function Combo({ prefix, options, go, play }: { prefix: string; options: readonly { move: string; label: string }[]; go: string; play: (m: string) => void }) {
  const [pick, setPick] = useState(options[0]?.move ?? '');
  const chosen = options.some((o) => o.move === pick) ? pick : (options[0]?.move ?? '');
  return (
    <span class="sh-combo" data-combo={prefix}>
      <label>
        {prefix}:{' '}
        <select value={chosen} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
          {options.map((o) => <option key={o.move} value={o.move} data-move={o.move}>{o.label}</option>)}
        </select>
      </label>
      <button type="button" class="primary" onClick={() => play(chosen)} data-combo-go={prefix}>{go}</button>
    </span>
  );
}

/** A card as a small chip: white cards light, black cards dark, with the value as text (never colour alone). */
function Card({ id, lang, onClick, dim, testid, hidden, title }: { id: string | null; lang: Lang; onClick?: () => void; dim?: boolean; testid?: string; hidden?: boolean; title?: string }) {
  if (id === null || hidden) {
    return (
      <span class="sh-card black down" title={tr(lang, 'faceDown')}>
        ?
      </span>
    );
  }
  const k = kindOfCard(id);
  const cls = `sh-card ${k?.colour ?? 'white'}${k?.special ? ' special' : ''}${dim ? ' dim' : ''}`;
  const body = (
    <>
      {k && k.value > 0 && <b class="v">{k.effect === 'lancelot-dragon' ? `${k.value}/${k.value2}` : k.value}</b>}
      <span class="n">{k && k.effect === 'fight' ? (lang === 'fr' ? 'Combat' : 'Fight') : cardName(id, lang).replace(/ \d+$/, '')}</span>
    </>
  );
  // A card in hand is drawn as a card; elsewhere (quests, what you saw) it stays a chip, to keep the board compact.
  if (onClick) return <CardFace face={shadowsFace(id, lang)} dim={dim} title={title} onClick={onClick} testid={testid} class="sh-face" data={{ 'data-card': kindOfInstance(id), 'data-ref': id }} />;
  return (
    <span class={cls} title={title ?? playerWords(k?.text[lang])} data-card={kindOfInstance(id)} data-ref={id}>
      {body}
    </span>
  );
}

function Track({ filled, total, kind, label, testid }: { filled: number; total: number; kind: string; label: string; testid?: string }) {
  return (
    <div class={`sh-track ${kind}`} role="img" aria-label={label} title={label} data-testid={testid} data-value={filled}>
      {Array.from({ length: total }, (_, i) => (
        <span key={i} class={i < filled ? 'on' : 'off'} />
      ))}
    </div>
  );
}

const valueOf = (id: string, second = false): number => {
  const k = kindOfCard(id);
  return k ? (second ? k.value2 : k.value) : 0;
};

/**
 * The table of Shadows over Camelot, drawn from the seat's view only: the Round Table (swords, siege engines),
 * the quests with their progress, the knights (life, place, hand size), your hand and loyalty card, the phase,
 * and every choice the engine offers, grouped by kind.
 */
export function ShadowsTable(props: TableProps) {
  const { game, lang, active, legal, play, refuse, seatLabel } = props;
  const v = props.view as ShadowsView;
  const me = v.me;
  const fr = lang === 'fr';
  const [choosing, setChoosing] = useState<string | null>(null);
  const name = (s: Seat): string => seatLabel(s);

  const groups = useMemo(() => {
    const map = new Map<Group, string[]>();
    for (const m of legal) map.set(groupOf(m), [...(map.get(groupOf(m)) ?? []), m]);
    return GROUP_ORDER.flatMap((g) => (map.has(g) ? [[g, map.get(g) as string[]] as const] : []));
  }, [legal]);

  const movesFor = (kind: string): string[] =>
    legal.filter((m) => {
      const w = m.split(' ');
      if (kind === 'grail' && m === 'grail') return true;
      if (w[0] === 'play') return w[1] === kind;
      return w.slice(1).includes(kind) && w[0] !== 'declare' && w[0] !== 'move';
    });

  const why = (kind: string): string => {
    if (!me || active === null) return text(lang, 'notYourTurnHere');
    const k = kindOfCard(kind);
    if (!k) return '';
    // The move this card would most likely make; the engine says why it is refused now.
    const move: Move | null =
      v.phase.kind === 'lay' ? { type: 'lay', card: kind } : k.effect === 'fight' ? { type: 'fight', card: kind } : k.effect === 'grail' ? { type: 'grail' } : k.special ? { type: 'play', card: kind } : null;
    if (!move) return tr(lang, 'notAction');
    try {
      const state = game.determinize(v, me.seat, createRng(7)) as ShadowsState;
      const error = check(state, me.seat, move);
      return error ? describeError(error, lang, game.messages) : tr(lang, 'notAction');
    } catch {
      return tr(lang, 'notAction');
    }
  };

  const clickCard = (id: string): void => {
    const kind = kindOfInstance(id);
    const options = movesFor(kind);
    if (options.length === 1) {
      setChoosing(null);
      play(options[0] as string);
    } else if (options.length > 1) setChoosing(kind);
    else refuse(why(kind));
  };

  // ---- the phase, in words
  const ph = v.phase;
  const waiting = (ws: readonly Seat[]): string => (ws.length > 0 ? ` ${tr(lang, 'waitFor')}: ${ws.map(name).join(', ')}.` : '');
  let stage = '';
  let banner = '';
  switch (ph.kind) {
    case 'lay':
      stage = fr ? 'Préliminaire' : 'Opening';
      banner = (fr ? 'Chacun pose une carte blanche face visible.' : 'Everyone lays one white card face up.') + waiting(ph.waiting);
      break;
    case 'propose':
      stage = fr ? 'Préliminaire' : 'Opening';
      banner = fr ? `${name(ph.seat)} propose la répartition des cartes posées.` : `${name(ph.seat)} proposes who receives which laid card.`;
      break;
    case 'vote':
      stage = fr ? 'Préliminaire' : 'Opening';
      banner = (fr ? 'Vote secret sur la proposition.' : 'Secret vote on the proposal.') + waiting(ph.waiting);
      break;
    case 'evil':
      if ('excalibur' in ph) {
        // Excalibur's cancel window is its own step: only the holder answers (option excaliburCancel).
        const x = ph.excalibur;
        const drawn = 'card' in x ? cardName(x.card, lang) : fr ? `une carte ${placeName(x.quest, lang)}, que seul son piocheur voit` : `a ${placeName(x.quest, lang)} card, seen only by its drawer`;
        stage = 'Excalibur';
        banner = fr
          ? `Excalibur : annuler la carte noire qui vient d’être piochée (${drawn}) ? ${name(x.seat)} tient Excalibur et décide.`
          : `Excalibur: cancel the black card just drawn (${drawn})? ${name(x.seat)} holds Excalibur and decides.`;
        break;
      }
      stage = fr ? 'Progression du Mal' : 'Progression of Evil';
      banner = fr ? `${name(v.active)} choisit : carte noire, engin de siège ou point de bravoure.` : `${name(v.active)} chooses: a black card, a siege engine or a life point.`;
      break;
    case 'armor':
      stage = fr ? 'Progression du Mal' : 'Progression of Evil';
      banner = fr ? `${name(v.active)} (Armure de Lancelot) garde une des deux cartes noires.` : `${name(v.active)} (Lancelot's Armor) keeps one of two black cards.`;
      break;
    case 'place':
      stage = fr ? 'Progression du Mal' : 'Progression of Evil';
      banner = fr ? `${name(v.active)} pose une carte ${placeName(ph.quest, lang)} face visible ou cachée.` : `${name(v.active)} lays a ${placeName(ph.quest, lang)} card face up or face down.`;
      break;
    case 'war':
      stage = fr ? 'Progression du Mal' : 'Progression of Evil';
      banner = `${cardName(ph.card, lang)} : ${fr ? `${name(v.active)} choisit la guerre.` : `${name(v.active)} chooses the war.`}`;
      break;
    case 'merlin':
      stage = fr ? 'Fenêtre Merlin' : 'Merlin window';
      banner = (fr ? `${cardName(ph.card, lang)} : chacun répond en secret ; 3 Merlin l’annulent.` : `${cardName(ph.card, lang)}: everyone answers in secret; 3 Merlins cancel it.`) + waiting(ph.waiting);
      break;
    case 'volunteer':
      stage = fr ? 'Volontaires' : 'Volunteers';
      banner = (fr ? `${cardName(ph.card, lang)} : qui se porte volontaire ?` : `${cardName(ph.card, lang)}: who volunteers?`) + waiting(ph.waiting);
      break;
    case 'discard':
      stage = fr ? 'Défausse' : 'Discard';
      banner = (fr ? `${cardName(ph.card, lang)} : défausser des cartes blanches.` : `${cardName(ph.card, lang)}: discard white cards.`) + waiting(ph.waiting);
      break;
    case 'heroic':
      stage = fr ? 'Action héroïque' : 'Heroic action';
      banner = fr ? `${name(v.active)} fait une action héroïque (une seconde, d’un autre type, coûte 1 point).` : `${name(v.active)} takes a heroic action (a second one, of another type, costs 1 life).`;
      if (v.turn.used.length > 0) banner += ` ${tr(lang, 'used')}: ${v.turn.used.map((a) => ACTION_NAMES[a]?.[lang] ?? a).join(', ')}.`;
      break;
    case 'swap':
      stage = fr ? 'Échange du Roi Arthur' : 'King Arthur’s swap';
      banner = fr ? `${name(ph.to)} rend une carte à ${name(ph.from)}.` : `${name(ph.to)} gives a card back to ${name(ph.from)}.`;
      break;
    case 'clairvoyance':
      stage = 'Clairvoyance';
      banner = fr ? `${name(ph.seat)} remet dans l’ordre les ${ph.count} cartes noires du dessus.` : `${name(ph.seat)} orders the top ${ph.count} black cards.`;
      break;
    case 'kay':
      stage = fr ? 'Sire Keu' : 'Sir Kay';
      banner = fr ? `${name(ph.seat)} peut ajouter une carte Combat au combat perdu.` : `${name(ph.seat)} may add a Fight card to the losing combat.`;
      break;
    case 'grail-save':
      stage = fr ? 'Saint Graal' : 'Holy Grail';
      banner = fr ? `${name(ph.seat)} peut sauver ${name(ph.dying)} avec le Graal.` : `${name(ph.seat)} may save ${name(ph.dying)} with the Grail.`;
      break;
    case 'traitor':
      stage = fr ? 'Le félon' : 'The traitor';
      banner = fr ? `Le félon démasqué ${name(v.active)} choisit une victime.` : `The unmasked traitor ${name(v.active)} picks a victim.`;
      break;
    case 'over':
      stage = text(lang, 'gameOver');
      banner = `${ph.loyalWin ? (fr ? 'Les chevaliers loyaux l’emportent' : 'The loyal knights win') : fr ? 'Le Mal l’emporte' : 'Evil wins'} (${reasonText(ph.reason, lang)}).`;
      break;
  }

  const b = v.board;
  const present = (q: string): string => {
    const here = v.knights.flatMap((k, i) => (k.alive && k.location === q ? [name(i).split(' (')[0] as string] : []));
    return here.length > 0 ? here.join(', ') : tr(lang, 'nobody');
  };
  const mineDown = (quest: 'black-knight' | 'lancelot', index: number): string | undefined => me?.faceDown.find((f) => f.quest === quest && f.index === index)?.card;
  const combat = (quest: 'black-knight' | 'lancelot', white: readonly string[], black: readonly { card: string | null; by: Seat }[], second: boolean) => {
    const w = white.reduce((s, c) => s + valueOf(c), 0);
    const up = black.reduce((s, p) => s + (p.card ? valueOf(p.card, second) : 0), 0);
    const hiddenN = black.filter((p) => p.card === null).length;
    return (
      <>
        <div class="sh-row">
          <span class="sh-lbl">{fr ? 'Blanc' : 'White'} {w}</span>
          {white.map((c, i) => <Card key={i} id={c} lang={lang} />)}
        </div>
        <div class="sh-row">
          <span class="sh-lbl">{fr ? 'Noir' : 'Black'} {up}{hiddenN > 0 ? ` + ${hiddenN}?` : ''}</span>
          {black.map((p, i) => {
            const known = p.card ?? mineDown(quest, i) ?? null;
            return p.card === null && known ? (
              <span key={i} class="sh-card black down mine" title={fr ? 'Face cachée, posée par vous' : 'Face down, laid by you'}>
                ? <small>{cardName(known, lang)}</small>
              </span>
            ) : (
              <Card key={i} id={p.card} lang={lang} />
            );
          })}
        </div>
      </>
    );
  };
  const war = (q: 'picts' | 'saxons') => {
    const w = b[q];
    const mordred = v.effects.mordred?.war === q;
    const steps = mordred ? [1, 2, 3, 4, 5, 5] : [1, 2, 3, 4, 5];
    return (
      <section class="sh-quest" data-quest={q} key={q}>
        <h4>{placeName(q, lang, true)}</h4>
        <Track filled={w.figures} total={4} kind="figures" label={`${w.figures}/4 ${tr(lang, 'figures')}`} testid={`figures-${q}`} />
        <small>{w.figures}/4 {tr(lang, 'figures')}{mordred ? ' · Mordred' : ''}</small>
        <div class="sh-steps">
          {steps.map((n, i) => (
            <span key={i} class={i < w.white.length ? 'done' : i === w.white.length ? 'next' : ''}>{n}</span>
          ))}
        </div>
        <small class="sh-here">{tr(lang, 'present')}: {present(q)}</small>
      </section>
    );
  };

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

  const swordCells = Array.from({ length: 12 }, (_, i) => (i < v.whiteSwords ? 'white' : i < v.whiteSwords + v.blackSwords ? 'black' : 'empty'));

  return (
    <div class="shadows" data-testid="board" data-phase={ph.kind}>
      <div class="sh-head">
        <span class="sh-stage" data-testid="stage">{stage}</span>
        {v.turnNumber > 0 && <span>{tr(lang, 'turn')} {v.turnNumber} · {name(v.active)}</span>}
      </div>
      <p class={`notice sh-banner${ph.kind === 'over' ? (ph.loyalWin ? ' good' : ' bad') : ''}`} data-testid="phase">{banner}</p>

      <section class="sh-camelot" aria-label={tr(lang, 'roundTable')}>
        <div>
          <h4>{tr(lang, 'roundTable')} — {tr(lang, 'swords')}</h4>
          <div class="sh-swords" data-testid="swords" data-white={v.whiteSwords} data-black={v.blackSwords}>
            {swordCells.map((c, i) => (
              <span key={i} class={`sword ${c}`} title={c === 'white' ? (fr ? 'épée blanche' : 'white sword') : c === 'black' ? (fr ? 'épée noire' : 'black sword') : ''}>
                {c === 'white' ? 'W' : c === 'black' ? 'B' : ''}
              </span>
            ))}
          </div>
          <small>
            {v.whiteSwords} {tr(lang, 'white')} · {v.blackSwords} {tr(lang, 'black')} (7 {tr(lang, 'black')} {fr ? '= défaite' : '= defeat'})
          </small>
        </div>
        <div>
          <h4>{tr(lang, 'siege')}: {v.siege}/12</h4>
          <Track filled={v.siege} total={12} kind="siege" label={`${v.siege}/12`} testid="siege" />
          <small class="sh-here">Camelot: {present('camelot')}</small>
        </div>
      </section>

      <div class="sh-quests" aria-label={tr(lang, 'quests')}>
        <section class={`sh-quest${b.lancelot.side === 'done' ? '' : ''}`} data-quest="black-knight">
          <h4>{placeName('black-knight', lang, true)}</h4>
          <small>{fr ? 'Deux paires · fin à 4 cartes' : 'Two pairs · ends at 4 cards'}</small>
          {combat('black-knight', b.blackKnight.white, b.blackKnight.black, false)}
          <small class="sh-here">{tr(lang, 'present')}: {present('black-knight')}</small>
        </section>
        <section class={`sh-quest${b.lancelot.side === 'done' ? ' over' : ''}`} data-quest="lancelot">
          <h4>{b.lancelot.side === 'dragon' ? (fr ? 'Quête du Dragon' : 'Dragon quest') : fr ? 'Quête de Lancelot' : 'Lancelot quest'}</h4>
          {b.lancelot.side === 'done' ? (
            <small>{tr(lang, 'over')}</small>
          ) : (
            <>
              <small>{b.lancelot.side === 'dragon' ? (fr ? 'Trois brelans · 9 blanches ou 5 noires' : 'Three of a kind ×3 · 9 white or 5 black') : fr ? 'Brelan + paire · fin à 5 cartes' : 'Full house · ends at 5 cards'}</small>
              {combat('lancelot', b.lancelot.white, b.lancelot.black, b.lancelot.side === 'dragon')}
              <small class="sh-here">{tr(lang, 'present')}: {present('lancelot')}</small>
            </>
          )}
        </section>
        <section class={`sh-quest${b.excalibur.done ? ' over' : ''}`} data-quest="excalibur">
          <h4>{placeName('excalibur', lang, true)}</h4>
          <div class="sh-excal" role="img" aria-label={`Excalibur ${b.excalibur.pos}`} data-testid="excalibur" data-pos={b.excalibur.pos}>
            <span class="end">{tr(lang, 'oblivion')}</span>
            {Array.from({ length: 11 }, (_, i) => i - 5).map((p) => (
              <span key={p} class={p === b.excalibur.pos ? 'here' : p === 0 ? 'mid' : ''}>{p === b.excalibur.pos ? '⚔' : ''}</span>
            ))}
            <span class="end">{tr(lang, 'knightsShore')}</span>
          </div>
          <small>{b.excalibur.done ? tr(lang, 'over') : `${b.excalibur.pos > 0 ? '+' : ''}${b.excalibur.pos} (±5)`}</small>
          <small class="sh-here">{tr(lang, 'present')}: {present('excalibur')}</small>
        </section>
        <section class={`sh-quest${b.grail.done ? ' over' : ''}`} data-quest="grail">
          <h4>{placeName('grail', lang, true)}</h4>
          <div class="sh-grail" data-testid="grail" data-grails={b.grail.grails.length} data-blacks={b.grail.blacks.length}>
            {Array.from({ length: 7 }, (_, i) => {
              const g = i < b.grail.grails.length;
              const d = i >= 7 - b.grail.blacks.length;
              return <span key={i} class={g ? 'g' : d ? 'd' : ''} title={g ? cardName('grail', lang) : d ? cardName(b.grail.blacks[6 - i] ?? 'despair', lang) : ''}>{g ? 'G' : d ? 'D' : ''}</span>;
            })}
          </div>
          <small>{b.grail.done ? tr(lang, 'over') : `${b.grail.grails.length} ${fr ? 'Graal' : 'Grail'} · ${b.grail.blacks.length} ${fr ? 'Désespoir' : 'Despair'} / 7`}</small>
          <small class="sh-here">{tr(lang, 'present')}: {present('grail')}</small>
        </section>
        {war('picts')}
        {war('saxons')}
      </div>

      <div class="sh-info">
        <span>{tr(lang, 'whiteDeck')}: {v.whiteDeckSize} ({tr(lang, 'discard')} {v.whiteDiscard.length})</span>
        <span>{tr(lang, 'blackDeck')}: {v.blackDeckSize} ({tr(lang, 'discard')} {v.blackDiscard.length})</span>
        <span>
          {tr(lang, 'relics')}: {(['excalibur', 'grail', 'armor'] as const).map((r) => `${RELIC_DATA[r][lang]} — ${relicHolder(r)}`).join(' · ')}
        </span>
        {v.lastRoll && (
          <span>
            {tr(lang, 'lastRoll')}: {name(v.lastRoll.seat)} {v.lastRoll.sum} vs 1d8 = {v.lastRoll.roll} ({v.lastRoll.won ? tr(lang, 'won') : tr(lang, 'lost')})
          </span>
        )}
        {effects.length > 0 && <span>{tr(lang, 'effects')}: {effects.join(' · ')}</span>}
      </div>

      <h3 class="sh-h">{tr(lang, 'knights')}</h3>
      <ul class="sh-knights" data-testid="knights">
        {v.knights.map((k, i) => (
          <li key={i} class={`${v.toMove.includes(i) ? 'to-move' : ''}${k.alive ? '' : ' dead'}${i === v.active ? ' active' : ''}`} data-seat={i}>
            <span class="dot" style={{ background: table.seatColour(i, v.players) }} aria-hidden="true" />
            <strong title={playerWords(KNIGHT_DATA[k.knight].power[lang])}>{name(i)}</strong>
            {me?.seat === i && <small> · {text(lang, 'you')}</small>}
            <span class="sh-life" title={`${k.life}/6 ${tr(lang, 'life')}`} aria-label={`${k.life} ${tr(lang, 'life')}`}>
              {'♥'.repeat(Math.max(0, k.life))}
              <span class="lost">{'♡'.repeat(Math.max(0, 6 - k.life))}</span>
            </span>
            <span>{k.alive ? (k.location ? placeName(k.location, lang) : '—') : tr(lang, 'dead')}</span>
            <span>
              {k.handSize} {tr(lang, 'cards')}
            </span>
            {(['excalibur', 'grail', 'armor'] as const).filter((r) => v.relics[r] === i).map((r) => <span key={r} class="badge relic">{RELIC_DATA[r][lang]}</span>)}
            {k.revealed && <span class="badge traitor">{tr(lang, 'traitorRevealed')}</span>}
            {k.accused && <span class="badge">{tr(lang, 'accused')}</span>}
            {k.declaration && <small class="sh-decl"> {tr(lang, 'declared')} {declarationText(k.declaration.what, k.declaration.quest, lang)}</small>}
          </li>
        ))}
      </ul>

      {(ph.kind === 'lay' || ph.kind === 'propose' || ph.kind === 'vote') && (
        <div class="sh-laid">
          <h3 class="sh-h">{tr(lang, 'laid')}</h3>
          <div class="sh-row">
            {v.laid.map((c, i) => (
              <span key={i} class="sh-laid-one">
                #{i + 1} {name(i).split(' (')[0]}: {c ? <Card id={c} lang={lang} /> : '…'}
              </span>
            ))}
          </div>
          {ph.kind === 'vote' && (
            <p>
              {tr(lang, 'proposal')}: {ph.proposal.map((from, i) => `${name(i).split(' (')[0]} ← ${v.laid[from] ? cardName(v.laid[from] as string, lang) : `#${from + 1}`}`).join(' · ')}
            </p>
          )}
        </div>
      )}

      {me && (
        <div class="sh-me hand-area">
          <div class={`sh-loyalty ${me.loyalty}`} data-testid="loyalty" data-loyalty={me.loyalty}>
            <strong>{tr(lang, 'yourLoyalty')}:</strong> {me.loyalty === 'traitor' ? `☠ ${tr(lang, 'traitor')}` : `✚ ${tr(lang, 'loyal')}`}
            <small> — {tr(lang, 'loyalHint')}</small>
          </div>
          <p class="sh-power">
            <strong>{KNIGHT_DATA[v.knights[me.seat]?.knight ?? 'arthur'][lang]}</strong>: {KNIGHT_DATA[v.knights[me.seat]?.knight ?? 'arthur'].power[lang]}
          </p>
          <h3 class="sh-h">
            {tr(lang, 'yourHand')} — {name(me.seat)} ({me.hand.length})
          </h3>
          <div class="sh-hand" data-testid="hand">
            {me.hand.length === 0 && <em>{tr(lang, 'empty')}</em>}
            {me.hand.map((c, i) => {
              const usable = movesFor(kindOfInstance(c)).length > 0;
              return <Card key={`${c}-${i}`} id={c} lang={lang} dim={!usable} onClick={() => clickCard(c)} testid={usable ? 'playable' : 'unplayable'} />;
            })}
          </div>
          {choosing && (
            <div class="chooser" role="group" aria-label={cardName(choosing, lang)}>
              <span>{cardName(choosing, lang)}:</span>
              {movesFor(choosing).map((m) => (
                <button type="button" key={m} onClick={() => { setChoosing(null); play(m); }} data-move={m}>
                  {moveLabel(m, lang, seatLabel)}
                </button>
              ))}
              <button type="button" onClick={() => setChoosing(null)}>{text(lang, 'cancel')}</button>
            </div>
          )}
          {(me.peek || me.armor || me.drawn || me.top || me.answer) && (
            <div class="sh-secret">
              {me.peek && <span>{fr ? 'Perceval voit' : 'Percival sees'}: <Card id={me.peek} lang={lang} /></span>}
              {me.armor && <span>{tr(lang, 'youSee')}: {me.armor.map((c, i) => <Card key={i} id={c} lang={lang} />)}</span>}
              {me.drawn && <span>{tr(lang, 'youSee')}: <Card id={me.drawn} lang={lang} /></span>}
              {me.top && <span>{tr(lang, 'youSee')}: {me.top.map((c, i) => <span key={i} class="sh-pos">{i + 1}. <Card id={c} lang={lang} /></span>)}</span>}
              {me.answer && <span>{tr(lang, 'yourAnswer')}: {moveLabel(me.answer, lang, seatLabel)}</span>}
            </div>
          )}
          {me.seen && (
            // What this seat saw earlier and may still use (engine `Memory`): only its own view carries it.
            <div class="sh-secret sh-seen" data-testid="seen">
              {me.seen.swap && (
                <span data-testid="seen-swap">
                  {tr(lang, 'youSaw')} — {fr ? `échange avec ${name(me.seen.swap.with)} : vous avez donné` : `swap with ${name(me.seen.swap.with)}: you gave`} <Card id={me.seen.swap.gave} lang={lang} />
                  {me.seen.swap.got && <>{fr ? ', reçu' : ', got'} <Card id={me.seen.swap.got} lang={lang} /></>}
                </span>
              )}
              {me.seen.top && (
                <span data-testid="seen-top">
                  {tr(lang, 'youSaw')} — {fr ? 'dessus de la pioche noire' : 'top of the black pile'}: {me.seen.top.map((c, i) => <span key={i} class="sh-pos">{i + 1}. <Card id={c} lang={lang} /></span>)}
                </span>
              )}
              {me.seen.under && (
                <span data-testid="seen-under">
                  {tr(lang, 'youSaw')} — {fr ? 'sous la pioche noire' : 'under the black pile'}: {me.seen.under.map((c, i) => <Card key={i} id={c} lang={lang} />)}
                </span>
              )}
            </div>
          )}
        </div>
      )}

      {active !== null && groups.length > 0 && (
        <div class="sh-choices" data-testid="choices" aria-label={tr(lang, 'choices')}>
          {groups.map(([g, moves]) => (
            <fieldset key={g} class={`sh-group g-${g}`} data-group={g}>
              <legend>{GROUP_NAMES[g][lang]} ({moves.length})</legend>
              <div class="sh-buttons">
                {bunch(moves, (m) => moveLabel(m, lang, seatLabel)).map((b) =>
                  b.kind === 'one' ? (
                    <button type="button" key={b.move} onClick={() => play(b.move)} data-move={b.move}>
                      {b.label}
                    </button>
                  ) : (
                    <Combo key={b.prefix} prefix={b.prefix} options={b.options} go={lang === 'fr' ? 'Jouer' : 'Play'} play={play} />
                  ),
                )}
              </div>
            </fieldset>
          ))}
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
  const traitors = new Set(loyalWin ? v.knights.map((_, i) => i).filter((i) => !outcome.winners.includes(i)) : outcome.winners);
  return {
    columns: [fr ? 'Chevalier' : 'Knight', fr ? 'Allégeance' : 'Loyalty', fr ? 'Bravoure' : 'Life'],
    rows: v.knights.map((k, i) => [KNIGHT_DATA[k.knight][lang], traitors.has(i) ? tr(lang, 'traitor') : tr(lang, 'loyal'), k.alive ? k.life : tr(lang, 'dead')]),
    lines: [
      `${tr(lang, 'swords')} : ${v.whiteSwords} ${tr(lang, 'white')}, ${v.blackSwords} ${tr(lang, 'black')} · ${tr(lang, 'siege')} : ${v.siege}`.replace(/ :/g, fr ? ' :' : ':'),
      traitors.size === 0 ? (fr ? 'Il n’y avait pas de félon à la table.' : 'There was no traitor at the table.') : '',
    ].filter(Boolean),
    headline: loyalWin ? (fr ? 'Les chevaliers loyaux l’emportent !' : 'The loyal knights win!') : traitors.size > 0 ? (fr ? 'Le félon l’emporte !' : 'The traitor wins!') : fr ? 'Camelot est tombée : tout le monde a perdu.' : 'Camelot has fallen: everyone lost.',
  };
}

export const table: TableModule = {
  game: shadows as AnyGame,
  Table: ShadowsTable,
  seatColour: (seat) => SEAT_COLOURS[seat] ?? OKABE_ITO.black,
  endSummary,
};
