import { OKABE_ITO } from '../../colours.ts';

/** Red, Blue, Green, Yellow, Purple (the engine's seat names), in colour-blind-safe tones; each knight also shows its letter. */
export const LANCELOT_COLOURS = [
  OKABE_ITO.vermillion,
  OKABE_ITO.blue,
  OKABE_ITO.green,
  OKABE_ITO.yellow,
  OKABE_ITO.purple,
];
