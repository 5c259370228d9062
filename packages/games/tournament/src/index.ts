export { tournament, playout, PLAYOUT_CAP } from './game.ts';
export * from './cards.ts';
export * from './powers.ts';
export type * from './types.ts';
export type {
  TournamentView,
  SeatView,
  PhaseView,
  PrivateView,
  PlayView,
  CombatResultView,
  RoundSummaryView,
  DeclaredView,
} from './view.ts';
export { view, determinize, outcomeOf } from './view.ts';
export { setup, setupStacked, MIN_PLAYERS, MAX_PLAYERS, type StackedInput } from './setup.ts';
export { HAND_SIZE, godsendCount, godsendQueue, nextDealer, pileWounds } from './round.ts';
export { DISHONOUR_WOUNDS, combatLoser, feintedValues, ledSuit, mustDiscard } from './combat.ts';
export { adjustSteps, powersOf } from './use.ts';
export { formatMove, parseMove } from './notation.ts';
export { legalMoves, play, toMove, check } from './rules.ts';
export { legendActive, hasPassive } from './state.ts';
export { messages } from './messages.ts';
export { optionSpecs, parseOptions, DEFAULT_OPTIONS } from './options.ts';
export { tournamentRules } from './rules-text.ts';
export { descriptor } from './descriptor.ts';
export { spokenWeapon } from './speech.ts';
