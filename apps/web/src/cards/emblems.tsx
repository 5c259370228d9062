import type { JSX } from 'preact';

/**
 * Emblems drawn at the centre of a card face, in a 60×84 box (the card's own viewBox). Each suit has its own
 * shape as well as its own colour, so that a colour-blind player tells the suits apart by the drawing.
 */
export type Emblem =
  | 'lance'
  | 'arrow'
  | 'sword'
  | 'axe'
  | 'flail'
  | 'gauntlet'
  | 'helm'
  | 'rose'
  | 'star'
  | 'cup'
  | 'shield'
  | 'crown'
  | 'tower'
  | 'moon'
  | 'scroll';

const INK = '#2b2620';

export function EmblemArt({ emblem, fill }: { emblem: Emblem; fill: string }): JSX.Element {
  const p = { fill, stroke: INK, 'stroke-width': 1.2, 'stroke-linejoin': 'round' as const };
  switch (emblem) {
    case 'lance':
      return (
        <g {...p}>
          <path d="M30 24 L33 50 L27 50 Z" />
          <path d="M24 50 L36 50 L34 56 L26 56 Z" />
          <rect x="28.5" y="56" width="3" height="12" />
        </g>
      );
    case 'arrow':
      return (
        <g {...p}>
          <path d="M30 24 L35 33 L31.5 33 L31.5 60 L28.5 60 L28.5 33 L25 33 Z" />
          <path d="M28.5 58 L23 66 L23 60 L28.5 54 Z M31.5 58 L37 66 L37 60 L31.5 54 Z" />
        </g>
      );
    case 'sword':
      return (
        <g {...p}>
          <path d="M30 24 L33 29 L33 55 L27 55 L27 29 Z" />
          <rect x="21" y="55" width="18" height="3.5" rx="1.5" />
          <rect x="28.5" y="58.5" width="3" height="7" />
          <circle cx="30" cy="67.5" r="2.5" />
        </g>
      );
    case 'axe':
      return (
        <g {...p}>
          <rect x="28.5" y="28" width="3" height="40" rx="1" />
          <path d="M31.5 32 C40 30 44 36 43 44 C40 42 36 42 31.5 44 Z" />
          <path d="M28.5 33 L24 36 L28.5 39 Z" />
        </g>
      );
    case 'flail':
      return (
        <g {...p}>
          <rect x="28.5" y="50" width="3" height="18" rx="1" />
          <path d="M30 50 Q33 44 33 40" fill="none" />
          <circle cx="34" cy="34" r="6" />
          <path d="M34 25 L35.5 28 L32.5 28 Z M43 34 L40 35.5 L40 32.5 Z M25 34 L28 32.5 L28 35.5 Z M34 43 L32.5 40 L35.5 40 Z" />
        </g>
      );
    case 'gauntlet':
      return (
        <g {...p}>
          <path d="M22 40 Q22 34 25 34 L25 30 Q25 27 28 27 Q30 27 30 30 L30 28 Q30 25 33 25 Q36 25 36 28 L36 31 Q39 30 39 33 L39 50 Q39 56 34 58 L34 64 L24 64 L24 57 Q22 54 22 48 Z" />
          <rect x="22" y="64" width="14" height="4" rx="1" />
        </g>
      );
    case 'helm':
      return (
        <g {...p}>
          <path d="M19 62 L19 44 Q19 28 30 28 Q41 28 41 44 L41 62 Z" />
          <rect x="22" y="42" width="16" height="3" fill={INK} />
          <path d="M30 48 L30 60" fill="none" />
        </g>
      );
    case 'rose':
      return (
        <g {...p}>
          <path d="M30 54 L30 68" fill="none" />
          <path d="M30 62 Q24 58 22 62 Q26 66 30 64 Z" fill="#009E73" />
          <circle cx="30" cy="42" r="11" />
          <path d="M30 34 Q36 38 33 44 Q28 48 25 42 Q26 37 30 38" fill="none" />
        </g>
      );
    case 'star':
      return (
        <g {...p}>
          <path d="M30 26 L34.5 38.5 L47 39 L37 47 L41 60 L30 52.5 L19 60 L23 47 L13 39 L25.5 38.5 Z" />
        </g>
      );
    case 'cup':
      return (
        <g {...p}>
          <path d="M19 28 L41 28 Q41 46 30 48 Q19 46 19 28 Z" />
          <rect x="28.5" y="48" width="3" height="10" />
          <path d="M22 62 Q30 56 38 62 Z" />
        </g>
      );
    case 'shield':
      return (
        <g {...p}>
          <path d="M19 28 L41 28 L41 44 Q41 58 30 64 Q19 58 19 44 Z" />
          <path d="M30 30 L30 61 M21 41 L39 41" fill="none" />
        </g>
      );
    case 'crown':
      return (
        <g {...p}>
          <path d="M17 58 L17 34 L24 44 L30 30 L36 44 L43 34 L43 58 Z" />
          <rect x="17" y="58" width="26" height="5" />
        </g>
      );
    case 'tower':
      return (
        <g {...p}>
          <path d="M20 66 L20 32 L24 32 L24 36 L28 36 L28 32 L32 32 L32 36 L36 36 L36 32 L40 32 L40 66 Z" />
          <path d="M26 66 L26 56 Q30 51 34 56 L34 66 Z" fill={INK} />
        </g>
      );
    case 'moon':
      return (
        <g {...p}>
          <path d="M36 28 A16 16 0 1 0 36 60 A12 12 0 1 1 36 28 Z" />
        </g>
      );
    case 'scroll':
      return (
        <g {...p}>
          <rect x="20" y="30" width="20" height="30" rx="2" />
          <path d="M24 37 L36 37 M24 42 L36 42 M24 47 L36 47 M24 52 L32 52" fill="none" />
        </g>
      );
  }
}
