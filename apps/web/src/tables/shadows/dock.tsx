import { useState } from 'preact/hooks';
import type { Lang, Seat } from '@roundtable/core';
import { KNIGHT_DATA, kindOfInstance, type ShadowsView } from '@roundtable/shadows';
import { CardFace } from '../../cards/face.tsx';
import { colon, text } from '../../i18n.ts';
import { Chip } from './chips.tsx';
import { shadowsFace } from './face.tsx';
import { rw } from '../../reader/words.ts';
import { cardListKeys } from '../../reader/list-keys.ts';
import { cardName, declarationText, moveLabel, placeName, tr } from './labels.ts';
import type { Affordance } from './moves.ts';

/** A choice among many moves of one kind (a proposal, an order, a quest to help on): a list in words and a button. */
function Combo({
  prefix,
  options,
  go,
  play,
}: {
  prefix: string;
  options: readonly { move: string; label: string }[];
  go: string;
  play: (m: string) => void;
}) {
  const [pick, setPick] = useState(options[0]?.move ?? '');
  const chosen = options.some((o) => o.move === pick) ? pick : (options[0]?.move ?? '');
  return (
    <span class="sh-combo" data-combo={prefix}>
      <label>
        {prefix}{' '}
        <select value={chosen} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
          {options.map((o) => (
            <option key={o.move} value={o.move} data-move={o.move}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="primary" onClick={() => play(chosen)} data-combo-go={prefix}>
        {go}
      </button>
    </span>
  );
}

const Btn = ({ move, label, play, cls }: { move: string; label: string; play: (m: string) => void; cls?: string }) => (
  <button type="button" class={cls} onClick={() => play(move)} data-move={move}>
    {label}
  </button>
);

export interface BarProps {
  readonly lang: Lang;
  readonly v: ShadowsView;
  readonly moves: readonly string[];
  readonly play: (m: string) => void;
  readonly seatLabel: (s: Seat) => string;
}

/** The moves with neither card nor place, in words: answers, the vote, declarations, accusations, the end of the turn. */
export function ActionBar({ lang, v, moves, play, seatLabel }: BarProps) {
  const fr = lang === 'fr';
  const label = (m: string): string => moveLabel(m, lang, seatLabel);
  const short = (s: Seat): string => KNIGHT_DATA[v.knights[s]?.knight ?? 'arthur'][lang];
  const of = (w: string): string[] => moves.filter((m) => m.split(' ')[0] === w);
  const declare = of('declare');
  const help = declare.filter((m) => m.startsWith('declare help '));
  const accuse = of('accuse');
  const propose = of('propose');
  const order = of('order');
  const grouped = new Set([...declare, ...accuse, ...propose, ...order]);
  const plain = moves.filter((m) => !grouped.has(m));
  // The end of the turn last, the rest as the engine lists them.
  plain.sort((a, b) => Number(a === 'end') - Number(b === 'end'));
  const go = fr ? 'Valider' : 'Confirm';
  return (
    <>
      {propose.length > 0 && (
        <Combo
          prefix={fr ? 'Proposer\u00a0:' : 'Propose:'}
          options={propose.map((m) => ({
            move: m,
            label: m
              .split(' ')
              .slice(1)
              .map(
                (n, i) =>
                  `${short(i)} ← ${v.laid[Number(n)] ? cardName(v.laid[Number(n)] as string, lang) : `${Number(n) + 1}`}`,
              )
              .join(', '),
          }))}
          go={go}
          play={play}
        />
      )}
      {order.length > 0 && (
        <Combo
          prefix={fr ? 'Nouvel ordre, du dessus\u00a0:' : 'New order, top first:'}
          options={order.map((m) => ({
            move: m,
            label: m
              .split(' ')
              .slice(1)
              .map((n) => {
                const c = v.me?.top?.[Number(n) - 1];
                return c ? cardName(c, lang) : n;
              })
              .join(', '),
          }))}
          go={go}
          play={play}
        />
      )}
      {accuse.length > 0 && (
        <span class="sh-chunk" role="group" aria-label={fr ? 'Accuser' : 'Accuse'}>
          <span class="sh-chunk-name">{fr ? 'Accuser\u00a0:' : 'Accuse:'}</span>
          {accuse.map((m) => (
            <Btn key={m} move={m} label={short(Number(m.split('@')[1]))} play={play} cls="warn" />
          ))}
        </span>
      )}
      {declare.length > 0 && (
        <span class="sh-chunk" role="group" aria-label={fr ? 'Déclarer (gratuit)' : 'Declare (free)'}>
          <span class="sh-chunk-name">{fr ? 'Déclarer\u00a0:' : 'Declare:'}</span>
          {declare
            .filter((m) => !help.includes(m))
            .map((m) => (
              <Btn key={m} move={m} label={declarationText(m.split(' ')[1] ?? '', undefined, lang)} play={play} />
            ))}
          {help.length > 0 && (
            <Combo
              prefix={fr ? 'je peux aider\u00a0:' : 'I can help on:'}
              options={help.map((m) => ({ move: m, label: placeName(m.split(' ')[2] ?? '', lang) }))}
              go={fr ? 'Déclarer' : 'Declare'}
              play={play}
            />
          )}
        </span>
      )}
      {plain.map((m) => (
        <Btn key={m} move={m} label={label(m)} play={play} cls={m === 'end' ? 'primary' : undefined} />
      ))}
    </>
  );
}

/** Your hand as cards: a card is picked (or unpicked) by a click; the cards with no use now are greyed. */
export function Hand({
  v,
  lang,
  picked,
  usable,
  onCard,
  seatLabel,
  named,
}: {
  v: ShadowsView;
  lang: Lang;
  picked: readonly string[];
  usable: (kind: string) => boolean;
  onCard: (id: string) => void;
  seatLabel: (s: Seat) => string;
  /** A card's name for a screen reader (the game's words), when the game has one. */
  named?: (id: string) => string | null;
}) {
  const me = v.me;
  if (!me) return null;
  return (
    <>
      <h2 class="sh-h">
        {tr(lang, 'yourHand')} — {seatLabel(me.seat)} ({me.hand.length})
      </h2>
      <div
        class="sh-hand"
        data-testid="hand"
        role="list"
        aria-label={tr(lang, 'yourHand')}
        aria-describedby="hand-keys"
        onKeyDown={cardListKeys}
      >
        {me.hand.length === 0 && (
          <em role="listitem" class="card-slot">
            {tr(lang, 'empty')}
          </em>
        )}
        {me.hand.map((c) => {
          const on = picked.includes(c);
          const ok = on || usable(kindOfInstance(c));
          const face = shadowsFace(c, lang);
          // The type shrinks to the name's longest word ("Reinforcements"), so a name is never cut.
          const longest = Math.max(...face.name.split(/\s+/).map((w) => w.length));
          return (
            <CardFace
              key={c}
              face={face}
              dim={!ok}
              onClick={() => onCard(c)}
              testid={ok ? 'playable' : 'unplayable'}
              class={`sh-face${on ? ' picked' : ''}`}
              style={{ '--chars': String(Math.max(8, longest)) }}
              data={{ 'data-card': kindOfInstance(c), 'data-ref': c, 'aria-pressed': ok ? String(on) : undefined }}
              item
              label={`${named?.(c) ?? face.name}${ok ? '' : `, ${rw(lang, 'notPlayable')}`}`}
            />
          );
        })}
      </div>
      <p id="hand-keys" class="sr-only">
        {rw(lang, 'handKeys')}
      </p>
    </>
  );
}

/** Your loyalty card, your knight's power, and what only you saw. */
export function Secrets({ v, lang, seatLabel }: { v: ShadowsView; lang: Lang; seatLabel: (s: Seat) => string }) {
  const me = v.me;
  if (!me) return null;
  const fr = lang === 'fr';
  const knight = KNIGHT_DATA[v.knights[me.seat]?.knight ?? 'arthur'];
  return (
    <>
      <div class="sh-mine">
        <div class={`sh-loyalty ${me.loyalty}`} data-testid="loyalty" data-loyalty={me.loyalty}>
          <strong>
            {tr(lang, 'yourLoyalty')}
            {colon(lang)}
          </strong>{' '}
          {me.loyalty === 'traitor' ? `☠ ${tr(lang, 'traitor')}` : `✚ ${tr(lang, 'loyal')}`}
          <small> — {tr(lang, 'loyalHint')}</small>
        </div>
        <p class="sh-power">
          <strong>{knight[lang]}</strong>
          {colon(lang)} {knight.power[lang]}
        </p>
      </div>
      {(me.peek || me.armor || me.drawn || me.top || me.answer) && (
        <div class="sh-secret">
          {me.peek && (
            <span>
              {fr ? 'Perceval voit' : 'Percival sees'}
              {colon(lang)} <Chip id={me.peek} lang={lang} />
            </span>
          )}
          {me.armor && (
            <span>
              {tr(lang, 'youSee')}
              {colon(lang)}{' '}
              {me.armor.map((c, i) => (
                <Chip key={i} id={c} lang={lang} />
              ))}
            </span>
          )}
          {me.drawn && (
            <span>
              {tr(lang, 'youSee')}
              {colon(lang)} <Chip id={me.drawn} lang={lang} />
            </span>
          )}
          {me.top && (
            <span>
              {tr(lang, 'youSee')}
              {colon(lang)}{' '}
              {me.top.map((c, i) => (
                <span key={i} class="sh-pos">
                  {i + 1}. <Chip id={c} lang={lang} />
                </span>
              ))}
            </span>
          )}
          {me.answer && (
            <span>
              {tr(lang, 'yourAnswer')}
              {colon(lang)} {moveLabel(me.answer, lang, seatLabel)}
            </span>
          )}
        </div>
      )}
      {me.seen && (
        // What this seat saw earlier and may still use (engine `Memory`): only its own view carries it.
        <div class="sh-secret sh-seen" data-testid="seen">
          {me.seen.swap && (
            <span data-testid="seen-swap">
              {tr(lang, 'youSaw')} —{' '}
              {fr
                ? `échange avec ${seatLabel(me.seen.swap.with)}\u00a0: vous avez donné`
                : `swap with ${seatLabel(me.seen.swap.with)}: you gave`}{' '}
              <Chip id={me.seen.swap.gave} lang={lang} />
              {me.seen.swap.got && (
                <>
                  {fr ? ', reçu' : ', got'} <Chip id={me.seen.swap.got} lang={lang} />
                </>
              )}
            </span>
          )}
          {me.seen.top && (
            <span data-testid="seen-top">
              {tr(lang, 'youSaw')} — {fr ? 'dessus de la pioche noire' : 'top of the black pile'}
              {colon(lang)}{' '}
              {me.seen.top.map((c, i) => (
                <span key={i} class="sh-pos">
                  {i + 1}. <Chip id={c} lang={lang} />
                </span>
              ))}
            </span>
          )}
          {me.seen.under && (
            <span data-testid="seen-under">
              {tr(lang, 'youSaw')} — {fr ? 'sous la pioche noire' : 'under the black pile'}
              {colon(lang)}{' '}
              {me.seen.under.map((c, i) => (
                <Chip key={i} id={c} lang={lang} />
              ))}
            </span>
          )}
        </div>
      )}
    </>
  );
}

/** The prompt while cards are picked: what they are, where they can go, the moves without a place, cancel. */
export function Prompt({
  lang,
  names,
  matches,
  more,
  onBoard,
  play,
  cancel,
  seatLabel,
}: {
  lang: Lang;
  names: string;
  matches: readonly Affordance[];
  more: boolean;
  onBoard: number;
  play: (m: string) => void;
  cancel: () => void;
  seatLabel: (s: Seat) => string;
}) {
  const fr = lang === 'fr';
  const words = matches.filter((f) => f.target === null);
  return (
    <div class="sh-prompt" role="group" aria-label={names}>
      <span class="sh-picked">{names}</span>
      {onBoard > 0 && (
        <span class="sh-tip">
          {fr ? '→ cliquez un endroit en surbrillance sur le plateau' : '→ click a highlighted place on the board'}
        </span>
      )}
      {words.map((f) => (
        <Btn key={f.move} move={f.move} label={moveLabel(f.move, lang, seatLabel)} play={play} cls="primary" />
      ))}
      {more && (
        <span class="sh-tip">{fr ? '(ou ajoutez une carte de votre main)' : '(or add another card of your hand)'}</span>
      )}
      <button type="button" onClick={cancel} data-testid="cancel-pick">
        {text(lang, 'cancel')}
      </button>
    </div>
  );
}
