import { err, ok, type GameError, type Result, type Seat } from '@roundtable/core';
import { fieldFor, lookupSquare, type Square } from './geometry.ts';
import { POSITION_LETTERS } from './seats.ts';
import { KNIGHTS_PER_PLAYER, type LancelotOptions, type LancelotState, type Phase } from './state.ts';

/**
 * The position string (NOTATION.md):
 *
 *     <board> <to move> <excalibur> <shields> <hands> <captures> <first> <passes>
 *
 * e.g. the start of a two-player game without Excalibur, Red to open: `8/8/8/8/8/8/8/8 R - - 30,30 0,0 R 0`.
 */
export function writePosition(state: LancelotState): string {
  const { size } = fieldFor(state.players, state.options.diagonals);
  const rows: string[] = [];
  for (let r = size - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let c = 0; c < size; c++) {
      const v = state.board[r * size + c];
      if (v === null || v === undefined) {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      row += POSITION_LETTERS[v];
    }
    if (empty > 0) row += String(empty);
    rows.push(row);
  }
  const letter = (s: Seat): string => POSITION_LETTERS[s] as string;
  const suffix: Record<Phase, string> = { sword: ':E', turn: '', knight: ':K', swordAfter: ':E', over: ':-' };
  const toMove = `${letter(state.seat)}${suffix[state.phase]}`;
  const sword =
    state.excalibur === null ? '-' : `${state.excalibur}${state.holder === null ? '' : `=${letter(state.holder)}`}`;
  const shields = state.shields.flatMap((has, s) => (has ? [letter(s)] : [])).join('') || '-';
  return [
    rows.join('/'),
    toMove,
    sword,
    shields,
    state.hand.join(','),
    state.captures.join(','),
    letter(state.first),
    String(state.passes),
  ].join(' ');
}

export function readPosition(text: string, players: number, options: LancelotOptions): Result<LancelotState> {
  const bad = (
    reason: string,
    reasonFr: string,
    extra: Record<string, unknown> = {},
  ): { ok: false; error: GameError } => err({ code: 'BAD_POSITION', reason, reasonFr, ...extra });
  if (typeof text !== 'string') return bad('the position must be a string', 'la position doit être une chaîne');
  if (!Number.isInteger(players) || players < 2 || players > 5)
    return err({ code: 'BAD_PLAYERS', players, min: 2, max: 5 });
  const field = fieldFor(players, options.diagonals);
  const size = field.size;
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 8) {
    return bad(
      `expected 8 fields (board, to move, excalibur, shields, hands, captures, first, passes), found ${fields.length}`,
      `8 champs attendus (plateau, trait, excalibur, boucliers, réserves, captures, premier, passes), ${fields.length} trouvés`,
    );
  }
  const [boardText, toMoveText, swordText, shieldText, handText, captureText, firstText, passText] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const letters = POSITION_LETTERS.slice(0, players);
  const seatOf = (ch: string): Seat => letters.indexOf(ch);

  // Board: rows from the top of the field down, each from its left edge.
  const rows = boardText.split('/');
  if (rows.length !== size) {
    return bad(
      `the board has ${rows.length} rows, a ${players}-player field has ${size}`,
      `le plateau a ${rows.length} rangées, le champ à ${players} joueurs en a ${size}`,
    );
  }
  const board: (Seat | null)[] = new Array<Seat | null>(size * size).fill(null);
  for (let i = 0; i < size; i++) {
    const rowText = rows[i] as string;
    const r = size - 1 - i;
    const rowName = r + field.offset + 1;
    let c = 0;
    for (const token of rowText.match(/\d+|./g) ?? []) {
      if (/^\d+$/.test(token)) {
        const run = Number(token);
        if (run === 0)
          return bad(
            `row ${rowName}: empty runs are at least 1`,
            `rangée ${rowName} : une suite de cases vides compte au moins 1`,
            { row: rowName },
          );
        c += run;
      } else {
        const s = seatOf(token);
        if (s < 0) {
          return bad(
            `row ${rowName}: "${token}" is not a knight of this game (${letters.split('').join(', ')})`,
            `rangée ${rowName} : « ${token} » n'est pas un chevalier de cette partie (${letters.split('').join(', ')})`,
            { row: rowName },
          );
        }
        if (c < size) board[r * size + c] = s;
        c++;
      }
    }
    if (c !== size)
      return bad(`row ${rowName} has ${c} squares, not ${size}`, `la rangée ${rowName} a ${c} cases, pas ${size}`, {
        row: rowName,
      });
  }

  // To move: `R` a turn, `R:E` Excalibur to place, `R:K` a knight to place after invoking, `R:-` over.
  const tm = /^([A-Z])(?::([EK-]))?$/.exec(toMoveText);
  const seat = tm ? seatOf(tm[1] as string) : -1;
  if (!tm || seat < 0)
    return bad(
      `to move "${toMoveText}" must be a seat letter (${letters}) with :E, :K or :- if needed`,
      `le trait « ${toMoveText} » doit être une lettre de siège (${letters}) suivie si besoin de :E, :K ou :-`,
    );

  // Excalibur: `-`, `G6` (nobody's yet) or `G6=R` (counts for Red).
  let excalibur: Square | null = null;
  let holder: Seat | null = null;
  if (swordText !== '-') {
    if (!options.excalibur)
      return bad(
        'Excalibur is on the board but the game is played without it',
        'Excalibur est sur le plateau mais la partie se joue sans elle',
      );
    const m = /^([A-Z]\d+)(?:=([A-Z]))?$/.exec(swordText);
    if (!m)
      return bad(
        `Excalibur "${swordText}" must be -, a square (G6) or a square and its holder (G6=R)`,
        `Excalibur « ${swordText} » doit valoir -, une case (G6) ou une case et son détenteur (G6=R)`,
      );
    const found = lookupSquare(field, m[1] as string);
    if (found.kind !== 'cell')
      return bad(
        `Excalibur's square ${m[1] as string} is not on the field`,
        `la case d'Excalibur ${m[1] as string} n'est pas sur le champ`,
      );
    if (board[found.cell] !== null)
      return bad(
        `Excalibur and a knight share ${m[1] as string}`,
        `Excalibur et un chevalier occupent tous deux ${m[1] as string}`,
      );
    excalibur = field.names[found.cell] as Square;
    if (m[2] !== undefined) {
      holder = seatOf(m[2]);
      if (holder < 0)
        return bad(
          `Excalibur's holder "${m[2]}" is not a seat (${letters})`,
          `le détenteur d'Excalibur « ${m[2]} » n'est pas un siège (${letters})`,
        );
    }
  }

  // Shields: the seats that may still invoke Excalibur.
  const shields = new Array<boolean>(players).fill(false);
  if (shieldText !== '-') {
    if (!options.excalibur)
      return bad(
        'white shields are listed but the game is played without Excalibur',
        'des boucliers blancs sont indiqués mais la partie se joue sans Excalibur',
      );
    for (const ch of shieldText) {
      const s = seatOf(ch);
      if (s < 0 || shields[s])
        return bad(
          `shields "${shieldText}": "${ch}" is not a seat or is repeated`,
          `boucliers « ${shieldText} » : « ${ch} » n'est pas un siège ou est répété`,
        );
      shields[s] = true;
    }
  }
  if (holder !== null && shields[holder])
    return bad(
      'the holder of Excalibur still has a white shield: invoking spends it',
      "le détenteur d'Excalibur a encore son bouclier blanc : l'invocation le dépense",
    );

  const numbers = (t: string, what: string, whatFr: string, max: number): Result<number[]> => {
    const parts = t.split(',');
    if (parts.length !== players || !parts.every((p) => /^\d+$/.test(p) && Number(p) <= max)) {
      return bad(
        `${what} "${t}" must be ${players} whole numbers from 0 to ${max}, separated by commas`,
        `${whatFr} « ${t} » : ${players} entiers de 0 à ${max} attendus, séparés par des virgules`,
      );
    }
    return ok(parts.map(Number));
  };
  const hands = numbers(handText, 'hands', 'réserves', KNIGHTS_PER_PLAYER);
  if (!hands.ok) return hands;
  const captures = numbers(captureText, 'captures', 'captures', KNIGHTS_PER_PLAYER * 4);
  if (!captures.ok) return captures;
  const hand = hands.value;
  const taken = captures.value;

  // Knights: those placed are on the board or were captured; every capture removed one of them.
  const onBoard = new Array<number>(players).fill(0);
  for (const v of board) if (v !== null) onBoard[v] = (onBoard[v] as number) + 1;
  const lost = onBoard.map((n, s) => KNIGHTS_PER_PLAYER - (hand[s] as number) - n);
  for (let s = 0; s < players; s++) {
    if ((lost[s] as number) < 0) {
      return bad(
        `${letters[s] as string} has ${onBoard[s] as number} knights on the board and ${hand[s] as number} in hand: more than ${KNIGHTS_PER_PLAYER}`,
        `${letters[s] as string} a ${onBoard[s] as number} chevaliers sur le plateau et ${hand[s] as number} en réserve : plus de ${KNIGHTS_PER_PLAYER}`,
        { seat: s },
      );
    }
  }
  const totalLost = lost.reduce((a, b) => a + b, 0);
  const totalTaken = taken.reduce((a, b) => a + b, 0);
  if (totalLost !== totalTaken) {
    return bad(
      `${totalTaken} captures are credited but ${totalLost} knights are missing (placed, not on the board)`,
      `${totalTaken} captures sont comptées mais ${totalLost} chevaliers manquent (placés, absents du plateau)`,
    );
  }
  for (let s = 0; s < players; s++) {
    if ((taken[s] as number) > totalLost - (lost[s] as number)) {
      return bad(
        `${letters[s] as string} has captured more knights than the other seats lost`,
        `${letters[s] as string} a capturé plus de chevaliers que les autres sièges n'en ont perdu`,
        { seat: s },
      );
    }
  }

  const first = seatOf(firstText);
  if (firstText.length !== 1 || first < 0)
    return bad(
      `first player "${firstText}" must be a seat letter (${letters})`,
      `le premier joueur « ${firstText} » doit être une lettre de siège (${letters})`,
    );
  if (!/^\d+$/.test(passText) || Number(passText) > players)
    return bad(
      `passes "${passText}" must be a whole number from 0 to ${players}`,
      `les passes « ${passText} » doivent être un entier de 0 à ${players}`,
    );
  const passes = Number(passText);

  // The phase, and what it implies.
  const winners = taken.flatMap((c, s) => (c >= options.target ? [s] : []));
  if (winners.length > 1)
    return bad(
      `several seats have reached the target of ${options.target}`,
      `plusieurs sièges ont atteint l'objectif de ${options.target}`,
    );
  const over = winners.length === 1 || passes === players;
  let phase: Phase;
  switch (tm[2]) {
    case '-':
      phase = 'over';
      break;
    case 'E':
      phase = excalibur === null ? 'sword' : 'swordAfter';
      break;
    case 'K':
      phase = 'knight';
      break;
    default:
      phase = 'turn';
  }
  if (phase === 'over' && !over) {
    return bad(
      `the game is marked over, but nobody has ${options.target} captures and not every seat has passed`,
      `la partie est marquée finie, mais personne n'a ${options.target} captures et tous n'ont pas passé`,
    );
  }
  if (phase !== 'over' && over) {
    return bad(
      'the game is over (target reached or every seat passed): write the side to move as X:-',
      'la partie est finie (objectif atteint ou tous ont passé) : écrire le trait X:-',
    );
  }
  if (options.excalibur && excalibur === null && phase !== 'sword') {
    return bad(
      'with Excalibur, the sword is on the field from before the first turn',
      "avec Excalibur, l'épée est sur le champ dès avant le premier tour",
    );
  }
  if (phase === 'sword') {
    const fresh =
      board.every((v) => v === null) &&
      hand.every((h) => h === KNIGHTS_PER_PLAYER) &&
      shields.every(Boolean) &&
      passes === 0;
    if (!options.excalibur || !fresh || seat !== (first + players - 1) % players) {
      return bad(
        'Excalibur is placed first, on an empty field, by the seat to the right of the first player (all shields held)',
        "Excalibur est placée d'abord, sur un champ vide, par le siège à droite du premier joueur (tous les boucliers en main)",
      );
    }
  }
  if (phase === 'knight' && (holder !== seat || passes !== 0 || hand[seat] === 0)) {
    return bad(
      `${letters[seat] as string} to place a knight after invoking: Excalibur must be theirs, with a knight in hand and 0 passes`,
      `${letters[seat] as string} doit placer un chevalier après l'invocation : Excalibur doit être à lui, avec un chevalier en réserve et 0 passe`,
    );
  }
  if (phase === 'swordAfter' && (!shields[seat] || passes !== 0)) {
    return bad(
      `${letters[seat] as string} to place Excalibur after a knight: they must still hold their shield, with 0 passes`,
      `${letters[seat] as string} doit placer Excalibur après un chevalier : il doit avoir encore son bouclier, avec 0 passe`,
    );
  }
  return ok({ players, options, board, excalibur, holder, shields, hand, captures: taken, first, seat, phase, passes });
}
