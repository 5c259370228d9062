/**
 * The log in words for Lancelot: a knight placed, what it captured (whose knights, on which squares), Excalibur
 * laid or invoked, a pass, and the end. Lancelot has no secrets: the two views (the whole state) tell it all.
 */
import { countText, listText, type LogEntry, type NarrationInput, type Seat } from '@roundtable/core';
import { fieldFor } from './geometry.ts';
import type { LancelotView } from './state.ts';

export function narrate(before: LancelotView | null, after: LancelotView, input: NarrationInput): LogEntry[] {
  const { lang } = input;
  const tr = (fr: string, en: string) => (lang === 'fr' ? fr : en);
  const name = input.name;
  const out: LogEntry[] = [];
  const mover: Seat = input.move?.seat ?? before?.seat ?? after.seat;
  const group = tr(`Tour de ${name(mover)}`, `${name(mover)}'s turn`);
  const act = (text: string, refs?: readonly string[]) =>
    out.push({ text, group, kind: 'move', seat: mover, ...(refs && refs.length > 0 ? { refs } : {}) });
  const event = (text: string, refs?: readonly string[]) =>
    out.push({ text, group, kind: 'event', ...(refs && refs.length > 0 ? { refs } : {}) });

  if (before === null) {
    out.push({
      text: tr(`${name(after.first)} est tiré au sort pour commencer.`, `${name(after.first)} is drawn to start.`),
      group,
      kind: 'event',
    });
    return out;
  }
  const field = fieldFor(after.players, after.options.diagonals);
  const square = (cell: number) => field.names[cell] ?? `#${cell}`;

  // Excalibur laid on the board (before the first turn, or as part of an invocation).
  if (after.excalibur !== before.excalibur && after.excalibur !== null) {
    act(
      before.excalibur === null
        ? tr(
            `${name(mover)} pose Excalibur en ${after.excalibur}.`,
            `${name(mover)} lays Excalibur on ${after.excalibur}.`,
          )
        : tr(
            `${name(mover)} déplace Excalibur de ${before.excalibur} en ${after.excalibur}.`,
            `${name(mover)} moves Excalibur from ${before.excalibur} to ${after.excalibur}.`,
          ),
      [after.excalibur],
    );
  }
  if (after.holder !== before.holder && after.holder !== null) {
    act(
      tr(
        `${name(after.holder)} invoque Excalibur\u00a0: l’épée compte comme son chevalier, son bouclier blanc est retourné.`,
        `${name(after.holder)} invokes Excalibur: the sword counts as their knight, their white shield is spent.`,
      ),
    );
  }

  // The knight placed, and every knight it captured.
  const placed: number[] = [];
  const captured = new Map<Seat, number[]>();
  after.board.forEach((now, cell) => {
    const was = before.board[cell] ?? null;
    if (was === null && now !== null) placed.push(cell);
    if (was !== null && now === null) captured.set(was, [...(captured.get(was) ?? []), cell]);
  });
  for (const cell of placed) {
    const who = after.board[cell]!;
    act(tr(`${name(who)} place un chevalier en ${square(cell)}.`, `${name(who)} places a knight on ${square(cell)}.`), [
      square(cell),
    ]);
  }
  if (captured.size > 0) {
    const bySeat = [...captured].sort((a, b) => a[0] - b[0]);
    const parts = bySeat.map(([seat, cells]) => {
      const n = cells.length;
      const where = listText(cells.map(square), lang);
      return tr(
        `${n === 1 ? 'un chevalier' : `${n} chevaliers`} de ${name(seat)} (${where})`,
        `${n === 1 ? 'a knight' : `${n} knights`} of ${name(seat)} (${where})`,
      );
    });
    const total = after.captures[mover] ?? 0;
    const target = after.options.target;
    // One placement can take several knights: past the target the count is told as reached, never "8 of 7".
    act(
      total >= target
        ? tr(
            `${name(mover)} prend ${listText(parts, lang)}\u00a0: ${countText(total, 'prise', 'prises', 'fr')}, l’objectif de ${target} est atteint.`,
            `${name(mover)} captures ${listText(parts, lang)}: ${countText(total, 'capture', 'captures', 'en')}, the target of ${target} is reached.`,
          )
        : tr(
            `${name(mover)} prend ${listText(parts, lang)}\u00a0: ${countText(total, 'prise', 'prises', 'fr')} sur ${target}.`,
            `${name(mover)} captures ${listText(parts, lang)}: ${total} of ${target}.`,
          ),
      bySeat.flatMap(([, cells]) => cells).map(square),
    );
  }
  if (after.passes > before.passes) act(tr(`${name(mover)} passe.`, `${name(mover)} passes.`));

  if (after.phase === 'over' && before.phase !== 'over') {
    const scores = after.captures.slice(0, after.players);
    const best = Math.max(...scores);
    const leaders = scores.flatMap((c, s) => (c === best ? [s] : []));
    const target = scores.findIndex((c) => c >= after.options.target);
    const text =
      target >= 0
        ? tr(
            `${name(target)} gagne avec ${countText(scores[target]!, 'prise', 'prises', 'fr')}\u00a0!`,
            `${name(target)} wins with ${countText(scores[target]!, 'capture', 'captures', 'en')}!`,
          )
        : leaders.length === 1
          ? tr(
              `Tous ont passé\u00a0: ${name(leaders[0]!)} gagne avec ${countText(best, 'prise', 'prises', 'fr')}.`,
              `Everyone passed: ${name(leaders[0]!)} wins with ${countText(best, 'capture', 'captures', 'en')}.`,
            )
          : leaders.length === after.players
            ? tr(`Tous ont passé, à égalité\u00a0: partie nulle.`, 'Everyone passed, all level: a draw.')
            : tr(
                `Tous ont passé\u00a0: ${listText(leaders.map(name), lang)} partagent la victoire avec ${countText(best, 'prise', 'prises', 'fr')}.`,
                `Everyone passed: ${listText(leaders.map(name), lang)} share the win with ${countText(best, 'capture', 'captures', 'en')}.`,
              );
    out.push({ text, group, kind: 'outcome' });
  }
  if (out.length === 0) event(tr(`${name(mover)} joue.`, `${name(mover)} plays.`));
  return out;
}
