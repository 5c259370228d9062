export { camelot, type CamelotOptions, type CamelotView } from './game.ts';
export type { CamelotState } from './engine.ts';
export { engineFor, engineOf, Engine, ENDS, FIFTY_MOVE_PLIES, REPETITIONS, type CamelotEnds } from './engine.ts';
export type { CamelotMove } from './move.ts';
export { CAMELOT, CAM, LAYOUTS, type Layout } from './layout.ts';
export { Geometry, EMPTY, WHITE_MAN, WHITE_KNIGHT, BLACK_MAN, BLACK_KNIGHT, type Side } from './board.ts';
export { MoveList } from './movelist.ts';
export { camelotMessages } from './messages.ts';
export { positionFromPieces } from './position.ts';
