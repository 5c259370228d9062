import type { ComponentChildren } from 'preact';
import { pluralFor, type Lang, type Seat } from '@roundtable/core';
import { KNIGHT_DATA, RELIC_DATA, type Location, type ShadowsView } from '@roundtable/shadows';
import { colon } from '../../i18n.ts';
import { Chip, Track, inkOn, valueOf } from './chips.tsx';
import { cardName, colourWord, placeName, tr } from './labels.ts';
import type { Affordance } from './moves.ts';

/** The board's lit targets: `data-target` key → the legal moves played by clicking it. */
export type LitMap = ReadonlyMap<string, readonly Affordance[]>;

export interface BoardProps {
  readonly v: ShadowsView;
  readonly lang: Lang;
  readonly name: (s: Seat) => string;
  readonly colour: (s: Seat) => string;
  readonly lit: LitMap;
  readonly onTarget: (key: string) => void;
  /** The words of a lit target's button (one move: the move in words). */
  readonly say: (moves: readonly Affordance[]) => string;
  /** The verb shown on a lit target ("Give", "Fight"…). */
  readonly verb: (moves: readonly Affordance[]) => string;
}

/** A thing on the board that becomes a button while a legal move goes there (`data-target`, `data-move`). */
function Spot({
  k,
  p,
  cls,
  label,
  children,
  testid,
  data,
}: {
  k: string;
  p: BoardProps;
  cls: string;
  label: string;
  children: ComponentChildren;
  testid?: string;
  data?: Record<string, string | number>;
}) {
  const affs = p.lit.get(k);
  if (!affs) {
    return (
      <span class={cls} title={label} data-testid={testid} {...data}>
        {children}
      </span>
    );
  }
  const words = p.say(affs);
  return (
    <button
      type="button"
      class={`${cls} lit`}
      data-target={k}
      data-move={affs.length === 1 ? affs[0]?.move : undefined}
      data-choices={affs.length > 1 ? affs.map((f) => f.move).join('|') : undefined}
      title={`${words} — ${label}`}
      onClick={(e) => {
        e.stopPropagation();
        p.onTarget(k);
      }}
      data-testid={testid}
      {...data}
    >
      <span class="sr-only">{words}: </span>
      {children}
      <span class="sh-verb" aria-hidden="true">
        {p.verb(affs)}
      </span>
    </button>
  );
}

/** A knight's figure: its seat's colour and number, the knight's name and life. */
function Pawn({ seat, p }: { seat: Seat; p: BoardProps }) {
  const { v, lang } = p;
  const k = v.knights[seat];
  if (!k) return null;
  const bg = p.colour(seat);
  const knight = KNIGHT_DATA[k.knight][lang].replace(/^(Sir|Sire|Roi|King) /, '');
  const me = v.me?.seat === seat;
  const cls = `sh-pawn${seat === v.active && v.phase.kind !== 'over' ? ' active' : ''}${me ? ' me' : ''}${v.toMove.includes(seat) ? ' to-move' : ''}`;
  const label = `${p.name(seat)} — ${k.life} ${tr(lang, 'life')}, ${k.handSize} ${pluralFor(k.handSize, lang) ? tr(lang, 'cards') : tr(lang, 'card')}`;
  return (
    <li data-seat={seat}>
      <Spot k={`knight:${seat}`} p={p} cls={cls} label={label} data={{ 'data-knight': k.knight }}>
        <span class="disc" style={{ background: bg, color: inkOn(bg) }} aria-hidden="true">
          {seat + 1}
        </span>
        <span class="who">{knight}</span>
        <span class="hp" aria-hidden="true">
          ♥{k.life}
        </span>
      </Spot>
    </li>
  );
}

function Pawns({ at, p }: { at: Location; p: BoardProps }) {
  const here = p.v.knights.flatMap((k, i) => (k.alive && k.location === at ? [i] : []));
  if (here.length === 0) return null;
  return (
    <ul class="sh-pawns" aria-label={`${tr(p.lang, 'present')}${colon(p.lang)} ${here.map(p.name).join(', ')}`}>
      {here.map((s) => (
        <Pawn key={s} seat={s} p={p} />
      ))}
    </ul>
  );
}

/** A place: its name, the button that plays there when lit (click anywhere on it too), its progress, its knights. */
function Place({
  q,
  p,
  title,
  sub,
  over,
  danger,
  children,
}: {
  q: Location;
  p: BoardProps;
  title: string;
  sub?: string;
  over?: boolean;
  danger?: boolean;
  children?: ComponentChildren;
}) {
  const key = `place:${q}`;
  const affs = p.lit.get(key);
  const go = affs ? p.say(affs) : '';
  return (
    <section
      class={`sh-place${q === 'camelot' ? ' sh-camelot' : ' sh-quest'} q-${q}${affs ? ' lit' : ''}${over ? ' over' : ''}${danger ? ' danger' : ''}`}
      data-quest={q}
      aria-label={title}
      onClick={affs ? () => p.onTarget(key) : undefined}
    >
      <header class="sh-place-head">
        <h3>{title}</h3>
        {sub && <small>{sub}</small>}
      </header>
      {affs && (
        <button
          type="button"
          class="sh-go"
          data-target={key}
          data-move={affs.length === 1 ? affs[0]?.move : undefined}
          data-choices={affs.length > 1 ? affs.map((f) => f.move).join('|') : undefined}
          onClick={(e) => {
            e.stopPropagation();
            p.onTarget(key);
          }}
        >
          {go}
        </button>
      )}
      {children}
      <Pawns at={q} p={p} />
    </section>
  );
}

/** Twelve places round the table, white swords then black swords. */
function RoundTable({ v, lang }: { v: ShadowsView; lang: Lang }) {
  const fr = lang === 'fr';
  const label = `${tr(lang, 'roundTable')}${colon(lang)} ${v.whiteSwords} ${fr ? 'épées blanches' : 'white swords'}, ${v.blackSwords} ${fr ? 'épées noires' : 'black swords'}`;
  return (
    <div class="sh-table" data-testid="swords" data-white={v.whiteSwords} data-black={v.blackSwords}>
      <svg viewBox="-60 -60 120 120" role="img" aria-label={label}>
        <circle r="34" fill="#8a6a3c" stroke="#5a4220" stroke-width="3" />
        <circle r="24" fill="#a07f4c" />
        {Array.from({ length: 12 }, (_, i) => {
          const kind = i < v.whiteSwords ? 'white' : i < v.whiteSwords + v.blackSwords ? 'black' : 'empty';
          const a = (i * 30 - 90) * (Math.PI / 180);
          const x = Math.cos(a) * 46;
          const y = Math.sin(a) * 46;
          return (
            <g
              key={i}
              transform={`translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${i * 30})`}
              class={`sword ${kind}`}
            >
              <rect x="-3" y="-11" width="6" height="17" rx="2" />
              <rect x="-6" y="5" width="12" height="3" rx="1" />
            </g>
          );
        })}
      </svg>
    </div>
  );
}

function Combat({
  quest,
  white,
  black,
  second,
  p,
}: {
  quest: 'black-knight' | 'lancelot';
  white: readonly string[];
  black: readonly { card: string | null }[];
  second: boolean;
  p: BoardProps;
}) {
  const { lang, v } = p;
  const fr = lang === 'fr';
  const w = white.reduce((s, c) => s + valueOf(c), 0);
  const up = black.reduce((s, c) => s + (c.card ? valueOf(c.card, second) : 0), 0);
  const hidden = black.filter((c) => c.card === null).length;
  const mine = (i: number): string | undefined => v.me?.faceDown.find((f) => f.quest === quest && f.index === i)?.card;
  return (
    <div class="sh-combat">
      <div class="sh-row">
        <span class="sh-lbl">
          {fr ? 'Blanc' : 'White'} {w}
        </span>
        {white.map((c, i) => (
          <Chip key={i} id={c} lang={lang} compact />
        ))}
      </div>
      <div class="sh-row">
        <span class="sh-lbl">
          {fr ? 'Noir' : 'Black'} {up}
          {hidden > 0 ? ` + ${hidden}?` : ''}
        </span>
        {black.map((c, i) => {
          const known = c.card ?? mine(i) ?? null;
          return c.card === null && known ? (
            <span
              key={i}
              class="sh-card black down mine"
              title={fr ? 'Face cachée, posée par vous' : 'Face down, laid by you'}
            >
              ? <small>{cardName(known, lang)}</small>
            </span>
          ) : (
            <Chip key={i} id={c.card} lang={lang} compact />
          );
        })}
      </div>
    </div>
  );
}

function War({ q, p }: { q: 'picts' | 'saxons'; p: BoardProps }) {
  const { v, lang } = p;
  const w = v.board[q];
  const mordred = v.effects.mordred?.war === q;
  const steps = mordred ? [1, 2, 3, 4, 5, 5] : [1, 2, 3, 4, 5];
  const fr = lang === 'fr';
  return (
    <Place
      q={q}
      p={p}
      danger={w.figures >= 3}
      title={placeName(q, lang, true)}
      sub={fr ? `4 figurines = perdue${mordred ? ' · Mordred' : ''}` : `4 figures = lost${mordred ? ' · Mordred' : ''}`}
    >
      <div class="sh-war">
        <Track
          filled={w.figures}
          total={4}
          kind="figures"
          label={`${w.figures}/4 ${tr(lang, 'figures')}`}
          testid={`figures-${q}`}
        />
        <small>{w.figures}/4</small>
      </div>
      <div
        class="sh-steps"
        role="img"
        aria-label={
          fr
            ? `Combats posés\u00a0: ${w.white.length} sur ${steps.length} (1, 2, 3, 4, 5 dans l’ordre)`
            : `Fights laid: ${w.white.length} of ${steps.length} (1, 2, 3, 4, 5 in order)`
        }
      >
        {steps.map((n, i) => (
          <span key={i} class={i < w.white.length ? 'done' : i === w.white.length ? 'next' : ''}>
            {n}
          </span>
        ))}
      </div>
    </Place>
  );
}

/**
 * The board: Camelot (the Round Table and its swords, the siege engines, the piles) among the six quests, each
 * with its progress and the knights standing there. Every lit thing is a button playing a legal move.
 */
export function Board(p: BoardProps) {
  const { v, lang } = p;
  const fr = lang === 'fr';
  const b = v.board;
  const siegeLabel = `${tr(lang, 'siege')}${colon(lang)} ${v.siege}/12 (${fr ? '12 = Camelot tombe' : '12 = Camelot falls'})`;
  const lifeLit = p.lit.has('life');
  const opening = v.phase.kind === 'lay' || v.phase.kind === 'propose' || v.phase.kind === 'vote';
  const relicAt = (r: 'excalibur' | 'grail' | 'armor'): string | null =>
    v.relics[r] === 'quest' ? RELIC_DATA[r][lang] : null;
  return (
    <div class="sh-map" aria-label={fr ? 'Le plateau' : 'The board'} role="group">
      {/* The places are its sections (h3), under the page's h1 and before the hand's h2. */}
      <h2 class="sr-only">{fr ? 'Le plateau' : 'The board'}</h2>
      <Place q="camelot" p={p} title="Camelot">
        <div class="sh-cam">
          <RoundTable v={v} lang={lang} />
          <div class="sh-cam-side">
            <small class="sh-swords-words">
              {tr(lang, 'swords')}
              {colon(lang)} <b>{v.whiteSwords}</b> {colourWord('white', v.whiteSwords, lang)} · <b>{v.blackSwords}</b>{' '}
              {colourWord('black', v.blackSwords, lang)}{' '}
              <span class="sh-muted">({fr ? '7 noires = défaite' : '7 black = defeat'})</span>
            </small>
            <Spot k="siege" p={p} cls={`sh-siege${v.siege >= 9 ? ' danger' : ''}`} label={siegeLabel}>
              <span class="sh-siege-title">
                {tr(lang, 'siege')} <b>{v.siege}</b>/12
              </span>
              <span class="sh-engines" aria-hidden="true" data-testid="siege" data-value={v.siege}>
                {Array.from({ length: 12 }, (_, i) => (
                  <span key={i} class={i < v.siege ? 'on' : 'off'} />
                ))}
              </span>
            </Spot>
            <div class="sh-piles">
              <Spot
                k="white-pile"
                p={p}
                cls="sh-pile white"
                label={`${tr(lang, 'whiteDeck')}${colon(lang)} ${v.whiteDeckSize}`}
              >
                <span class="n">{tr(lang, 'whiteDeck')}</span>
                <b>{v.whiteDeckSize}</b>
              </Spot>
              <Spot
                k="black-pile"
                p={p}
                cls="sh-pile black"
                label={`${tr(lang, 'blackDeck')}${colon(lang)} ${v.blackDeckSize}`}
              >
                <span class="n">{tr(lang, 'blackDeck')}</span>
                <b>{v.blackDeckSize}</b>
              </Spot>
              {lifeLit && (
                <Spot k="life" p={p} cls="sh-pile life" label={fr ? 'Votre bravoure' : 'Your life'}>
                  <span class="n">{fr ? 'Bravoure' : 'Life'}</span>
                  <b>♥ −1</b>
                </Spot>
              )}
            </div>
          </div>
        </div>
        {opening && (
          <div class="sh-laid">
            <small>{tr(lang, 'laid')}</small>
            <div class="sh-row">
              {v.laid.map((c, i) => (
                <span key={i} class="sh-laid-one" data-seat={i}>
                  {i + 1}.{' '}
                  {c ? (
                    <Chip id={c} lang={lang} />
                  ) : v.me?.seat === i ? (
                    <Spot k="laid" p={p} cls="sh-slot" label={fr ? 'Votre carte posée' : 'Your laid card'}>
                      {p.lit.has('laid') ? (fr ? 'Poser ici' : 'Lay here') : '…'}
                    </Spot>
                  ) : (
                    '…'
                  )}
                </span>
              ))}
            </div>
          </div>
        )}
      </Place>
      <Place
        q="black-knight"
        p={p}
        title={placeName('black-knight', lang, true)}
        sub={fr ? 'Deux paires · fin à 4 cartes' : 'Two pairs · ends at 4 cards'}
      >
        <Combat quest="black-knight" white={b.blackKnight.white} black={b.blackKnight.black} second={false} p={p} />
      </Place>
      <Place
        q="lancelot"
        p={p}
        over={b.lancelot.side === 'done'}
        title={
          b.lancelot.side === 'dragon'
            ? fr
              ? 'Quête du Dragon'
              : 'Dragon quest'
            : fr
              ? 'Quête de Lancelot'
              : 'Lancelot quest'
        }
        sub={
          b.lancelot.side === 'done'
            ? tr(lang, 'over')
            : b.lancelot.side === 'dragon'
              ? fr
                ? 'Trois brelans · 9 blanches ou 5 noires'
                : 'Three of a kind ×3 · 9 white or 5 black'
              : fr
                ? 'Brelan + paire · fin à 5 cartes'
                : 'Full house · ends at 5 cards'
        }
      >
        {b.lancelot.side !== 'done' && (
          <Combat
            quest="lancelot"
            white={b.lancelot.white}
            black={b.lancelot.black}
            second={b.lancelot.side === 'dragon'}
            p={p}
          />
        )}
      </Place>
      <Place
        q="excalibur"
        p={p}
        over={b.excalibur.done}
        danger={!b.excalibur.done && b.excalibur.pos <= -3}
        title={placeName('excalibur', lang, true)}
        sub={
          b.excalibur.done
            ? tr(lang, 'over')
            : fr
              ? 'Amenez l’épée aux chevaliers (+5)'
              : 'Bring the sword to the knights (+5)'
        }
      >
        <div
          class="sh-excal"
          role="img"
          aria-label={`Excalibur ${b.excalibur.pos > 0 ? '+' : ''}${b.excalibur.pos} (${fr ? '−5 oubli, +5 chevaliers' : '−5 oblivion, +5 knights'})`}
          data-testid="excalibur"
          data-pos={b.excalibur.pos}
        >
          <span class="end">−5</span>
          {Array.from({ length: 11 }, (_, i) => i - 5).map((x) => (
            <span key={x} class={x === b.excalibur.pos ? 'here' : x === 0 ? 'mid' : ''}>
              {x === b.excalibur.pos ? '⚔' : ''}
            </span>
          ))}
          <span class="end">+5</span>
        </div>
        {relicAt('excalibur') && (
          <small class="sh-muted">
            {fr ? 'Récompense' : 'Reward'}
            {colon(lang)} {relicAt('excalibur')}
          </small>
        )}
      </Place>
      <Place
        q="grail"
        p={p}
        over={b.grail.done}
        danger={!b.grail.done && b.grail.blacks.length >= 5}
        title={placeName('grail', lang, true)}
        sub={b.grail.done ? tr(lang, 'over') : fr ? '7 Graals avant 7 Désespoirs' : '7 Grails before 7 Despairs'}
      >
        <div
          class="sh-grail"
          role="img"
          aria-label={`${b.grail.grails.length} ${fr ? 'Graal' : 'Grail'}, ${b.grail.blacks.length} ${fr ? 'Désespoir' : 'Despair'} / 7`}
          data-testid="grail"
          data-grails={b.grail.grails.length}
          data-blacks={b.grail.blacks.length}
        >
          {Array.from({ length: 7 }, (_, i) => {
            const g = i < b.grail.grails.length;
            const d = i >= 7 - b.grail.blacks.length;
            return (
              <span key={i} class={g ? 'g' : d ? 'd' : ''}>
                {g ? '✦' : d ? '✕' : ''}
              </span>
            );
          })}
        </div>
      </Place>
      <War q="picts" p={p} />
      <War q="saxons" p={p} />
    </div>
  );
}
