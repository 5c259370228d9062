import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { EmblemArt, type Emblem } from './emblems.tsx';
import './cards.css';

/** What a card face shows: the frame's colour and the emblem carry the suit, the corner the value. */
export interface Face {
  /** Frame colour (the suit's colour, or a neutral for support and action cards). */
  readonly frame: string;
  readonly emblem: Emblem;
  /** Emblem colour; the frame's when absent. */
  readonly emblemFill?: string;
  /** Printed value, or a mark (✦) for cards without one. */
  readonly value: ComponentChildren;
  readonly name: string;
  /** The card's effect in a sentence: shown on hover, keyboard focus or a long press. */
  readonly effect?: string;
}

export interface CardFaceProps {
  readonly face: Face;
  readonly small?: boolean;
  readonly dim?: boolean;
  readonly title?: string;
  readonly onClick?: () => void;
  readonly testid?: string;
  /** Extra classes of the table (kept so the tables' own selectors still apply). */
  readonly class?: string;
  readonly data?: Record<string, string | undefined>;
  readonly style?: JSX.CSSProperties;
  /** The accessible name, when the text on the face says less than the card's name. */
  readonly label?: string;
  /** More marks laid over the face (a table's own corners, notes). */
  readonly children?: ComponentChildren;
  /** One card of a list (a hand, a row of cards on the table): an item of its role=list, named by `label`. */
  readonly item?: boolean;
}

const LONG_PRESS_MS = 450;

/**
 * A card drawn as a card: an SVG face (frame, emblem, corner pips) under the real text of value and name, so the
 * accessible name stays "value name". The effect is a description (aria-describedby), shown as a bubble on
 * hover, on keyboard focus and, on a phone, while a finger rests on the card; a long press does not play it.
 */
export function CardFace({
  face,
  small,
  dim,
  title,
  onClick,
  testid,
  class: extra,
  data,
  style,
  label,
  children,
  item,
}: CardFaceProps) {
  const id = useId();
  const [peek, setPeek] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressed = useRef(false);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const effect = face.effect;
  // Keep the bubble inside the window: centred on the card, shifted when the card is near an edge.
  const place = (e: Event): void => {
    const card = e.currentTarget as HTMLElement;
    const bubble = card.querySelector<HTMLElement>('.effect');
    if (!bubble) return;
    const c = card.getBoundingClientRect();
    const w = bubble.getBoundingClientRect().width || Math.min(256, window.innerWidth * 0.8);
    const left = Math.max(8, Math.min(window.innerWidth - w - 8, c.left + c.width / 2 - w / 2));
    card.style.setProperty('--bubble-x', `${Math.round(left - c.left)}px`);
  };
  const stop = (): void => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const touch = effect
    ? {
        onMouseEnter: place,
        onFocus: place,
        onPointerDown: (e: PointerEvent): void => {
          if (e.pointerType === 'mouse') return;
          pressed.current = false;
          stop();
          const target = e.currentTarget;
          timer.current = setTimeout(() => {
            pressed.current = true;
            place({ currentTarget: target } as unknown as Event);
            setPeek(true);
          }, LONG_PRESS_MS);
        },
        onPointerUp: (): void => {
          stop();
          if (pressed.current) timer.current = setTimeout(() => setPeek(false), 1800);
        },
        onPointerCancel: (): void => {
          stop();
          setPeek(false);
        },
        onContextMenu: (e: Event): void => {
          if (pressed.current || timer.current) e.preventDefault();
        },
      }
    : {};
  const click = onClick
    ? (): void => {
        // The release of a long press only read the card.
        if (pressed.current) {
          pressed.current = false;
          return;
        }
        onClick();
      }
    : undefined;

  const cls = `card face${small ? ' small' : ''}${dim ? ' dim' : ''}${peek ? ' peek' : ''}${extra ? ` ${extra}` : ''}`;
  const emblemFill = face.emblemFill ?? face.frame;
  const body = (
    <>
      <svg class="face-art" viewBox="0 0 60 84" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="58" height="82" rx="6" fill="#fbf7ec" stroke={face.frame} stroke-width="4" />
        <rect
          x="5"
          y="5"
          width="50"
          height="74"
          rx="3"
          fill="none"
          stroke={face.frame}
          stroke-width="0.8"
          opacity="0.7"
        />
        <circle cx="30" cy="46" r="19" fill={face.frame} opacity="0.16" />
        <EmblemArt emblem={face.emblem} fill={emblemFill} />
      </svg>
      {/* In a list, the card is heard by its name in words (`label`), not by the marks printed on it. */}
      {item && label !== undefined && <span class="sr-only">{label}</span>}
      <span class="value" aria-hidden={item && label !== undefined ? 'true' : undefined}>
        {face.value}
      </span>
      <span class="name" aria-hidden={item && label !== undefined ? 'true' : undefined}>
        {face.name}
      </span>
      {children}
      {effect && (
        <span class="effect" id={id} aria-hidden="true">
          {effect}
        </span>
      )}
    </>
  );
  const describe = effect ? id : undefined;
  const button = click && (
    <button
      type="button"
      class={cls}
      style={style}
      title={title}
      onClick={click}
      data-testid={testid}
      aria-disabled={dim}
      aria-label={item ? undefined : label}
      aria-describedby={describe}
      {...data}
      {...touch}
    >
      {body}
    </button>
  );
  // A button cannot be a list's item itself: in a list it sits in one.
  if (button)
    return item ? (
      <span role="listitem" class="card-slot">
        {button}
      </span>
    ) : (
      button
    );
  return (
    // A card on the table takes the focus only when it has an effect to read.
    <span
      class={cls}
      style={style}
      title={title}
      data-testid={testid}
      tabIndex={effect ? 0 : undefined}
      aria-describedby={describe}
      {...(item ? { role: 'listitem' } : {})}
      {...data}
      {...touch}
    >
      {body}
    </span>
  );
}
