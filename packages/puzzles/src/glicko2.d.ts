// Types for the `glicko2` package (mmai/glicko2js), which ships none, by its file's own path (the server declares the
// package's main entry for itself): only what the puzzles use.
declare module 'glicko2/glicko2.js' {
  export interface Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    updateRatings(matches: [Player, Player, number][]): void;
  }
}
