export { lancelot } from './game.ts';
export { explainSquare, describeExplanation, type SquareExplanation, type CaptureLine } from './explain.ts';
export { messages, lineName } from './messages.ts';
export { seatName, seatLetter, POSITION_LETTERS } from './seats.ts';
export { fieldFor, fieldSize, lookupSquare, COLUMNS, BOARD_SIZE, type Field, type Square } from './geometry.ts';
export { optionSpecs, parseOptions, defaultTarget } from './options.ts';
export { readPosition, writePosition } from './position.ts';
export { toKernel } from './rules.ts';
export { Kernel } from './kernel.ts';
export {
  KNIGHTS_PER_PLAYER,
  type LancelotMove,
  type LancelotOptions,
  type LancelotState,
  type LancelotView,
  type Phase,
} from './state.ts';
export { rulesText } from './rules-text.ts';
export { descriptor } from './descriptor.ts';
