import type { Lang, Seat } from '@roundtable/core';
import type { PlyReview, Review } from '@roundtable/ai';
import { percent } from '../analysis/words.ts';

/** A card-game decision that cost at least this much (2 points of the expected result) is costly. */
export const COSTLY = 0.02;
/** A swing between two of a seat's decisions that counts as a turning point (10 points). */
const SWING = 0.1;

/**
 * The review with each decision's alternatives as this page tells them: never the move played, best first. A
 * review stored before the engine ordered them so (it listed the bot's choices in its own order, the move played
 * among them) reads the same.
 */
export function weighed(review: Review): Review {
  return {
    ...review,
    plies: review.plies.map((p) =>
      p.preferred
        ? { ...p, preferred: p.preferred.filter((q) => q.move !== p.move).sort((a, b) => b.value - a.value) }
        : p,
    ),
  };
}

/** One judged decision of a seat: what it could expect before (its best move) and after (the move played). */
export interface SeatPoint {
  readonly ply: number;
  readonly before: number;
  readonly after: number;
  readonly loss: number;
}

/** The judged decisions of each seat, in order. */
export function seatSeries(review: Review): SeatPoint[][] {
  const out: SeatPoint[][] = Array.from({ length: review.players }, () => []);
  for (const p of review.plies) {
    if (p.loss === undefined || p.value === undefined) continue;
    const best = Math.max(p.value, p.preferred?.[0]?.value ?? p.value);
    out[p.seat]?.push({ ply: p.ply, before: best, after: p.value, loss: p.loss });
  }
  return out;
}

/** Luck as the seat lived it: the change of its expected result between two of its decisions, and the sum so far. */
export interface Swing {
  readonly from: number;
  readonly ply: number;
  readonly was: number;
  readonly now: number;
  readonly total: number;
}

export function swings(series: readonly SeatPoint[]): Swing[] {
  const out: Swing[] = [];
  let total = 0;
  for (let k = 1; k < series.length; k++) {
    const a = series[k - 1] as SeatPoint;
    const b = series[k] as SeatPoint;
    total += b.before - a.after;
    out.push({ from: a.ply, ply: b.ply, was: a.after, now: b.before, total });
  }
  return out;
}

export type Moment =
  | { readonly kind: 'costly'; readonly seat: Seat; readonly ply: number; readonly loss: number }
  | { readonly kind: 'fall' | 'rise'; readonly seat: Seat; readonly swing: Swing };

/**
 * The moments a player learns most from: each seat's costliest decision (when it cost 2 points or more), the
 * turn that cost a seat that did not win the most, and the turn that most helped a winner — best first.
 */
export function keyMoments(review: Review, winners: readonly Seat[]): Moment[] {
  const series = seatSeries(review);
  const out: { moment: Moment; weight: number }[] = [];
  series.forEach((points, seat) => {
    const worst = points.reduce<SeatPoint | null>((w, p) => (p.loss > (w?.loss ?? 0) ? p : w), null);
    if (worst && worst.loss >= COSTLY)
      out.push({ moment: { kind: 'costly', seat, ply: worst.ply, loss: worst.loss }, weight: worst.loss });
  });
  let fall: { seat: Seat; swing: Swing } | null = null;
  let rise: { seat: Seat; swing: Swing } | null = null;
  series.forEach((points, seat) => {
    for (const s of swings(points)) {
      const d = s.now - s.was;
      if (!winners.includes(seat) && d <= -SWING && (!fall || d < fall.swing.now - fall.swing.was))
        fall = { seat, swing: s };
      if (winners.includes(seat) && d >= SWING && (!rise || d > rise.swing.now - rise.swing.was))
        rise = { seat, swing: s };
    }
  });
  for (const [kind, m] of [
    ['fall', fall],
    ['rise', rise],
  ] as const) {
    const found = m as { seat: Seat; swing: Swing } | null;
    if (found) out.push({ moment: { kind, ...found }, weight: Math.abs(found.swing.now - found.swing.was) });
  }
  return out.sort((a, b) => b.weight - a.weight).map((x) => x.moment);
}

/** What a sentence needs: names, each move in the log's words, where in the match a move was. */
export interface Telling {
  readonly lang: Lang;
  readonly name: (seat: Seat) => string;
  /** The log's sentence for a move played (its headline). */
  readonly played: (ply: number) => string;
  /** The log's sentence for a move not played at that decision. */
  readonly instead: (ply: number, move: string) => string;
  /** The log's heading of that moment ("Tournament 4 — Purple"). */
  readonly where: (ply: number) => string;
}

/** "9 points", "1 point": the difference of two expected results. */
export function pointsText(x: number, lang: Lang): string {
  const n = Math.round(100 * Math.abs(x));
  return `${n}${lang === 'fr' ? '\u00a0' : ' '}${n > 1 || (n === 0 && lang === 'en') ? 'points' : 'point'}`;
}

/** A log sentence quoted inside another: without its own closing stop, in the language's quotation marks. */
export function quote(sentence: string, lang: Lang): string {
  const bare = sentence.replace(/[.!]$/, '');
  return lang === 'fr' ? `«\u00a0${bare}\u00a0»` : `“${bare}”`;
}

const c = (lang: Lang): string => (lang === 'fr' ? '\u00a0:' : ':');
const sc = (lang: Lang): string => (lang === 'fr' ? '\u00a0;' : ';');

/** The lesson of one decision, in words. */
export function verdictText(p: PlyReview, t: Telling): string {
  const { lang } = t;
  const fr = lang === 'fr';
  if (p.loss === undefined || p.value === undefined) return fr ? 'Coup forcé.' : 'The only move.';
  const best = p.preferred?.[0];
  if (!best) return fr ? 'Le seul coup pesé par le robot fort.' : 'The only move the strong bot weighed.';
  const alt = quote(t.instead(p.ply, best.move), lang);
  if (p.loss >= COSTLY)
    return fr
      ? `Ce choix a cédé ${pointsText(p.loss, lang)} de résultat attendu${c(lang)} ${alt} aurait gardé ${percent(best.value, lang)} plutôt que ${percent(p.value, lang)}.`
      : `This choice gave away ${pointsText(p.loss, lang)} of expected result${c(lang)} ${alt} would have kept ${percent(best.value, lang)} rather than ${percent(p.value, lang)}.`;
  if (Math.round(100 * (best.value - p.value)) === 0)
    return fr ? 'Aussi bon que le meilleur choix du robot fort.' : 'As good as the strong bot’s best choice.';
  if (p.value > best.value)
    return fr
      ? `Le meilleur des coups pesés par le robot fort${c(lang)} ${pointsText(p.value - best.value, lang)} devant ${alt} (${percent(best.value, lang)}).`
      : `The best of the moves the strong bot weighed${c(lang)} ${pointsText(p.value - best.value, lang)} ahead of ${alt} (${percent(best.value, lang)}).`;
  return fr
    ? `Aussi bon que les choix du robot fort, à ${pointsText(p.loss, lang)} près.`
    : `As good as the strong bot’s choices, within ${pointsText(p.loss, lang)}.`;
}

/** A key moment in words, with what it teaches. */
export function momentText(m: Moment, review: Review, t: Telling): string {
  const { lang, name } = t;
  const fr = lang === 'fr';
  const move = fr ? 'coup' : 'move';
  if (m.kind === 'costly') {
    const p = review.plies[m.ply - 1] as PlyReview;
    const best = p.preferred?.[0];
    const head = `${t.where(m.ply)} · ${move} ${m.ply}${c(lang)}`;
    const played = quote(t.played(m.ply), lang);
    const alt = best ? quote(t.instead(m.ply, best.move), lang) : '';
    return fr
      ? `${head} la décision la plus coûteuse de ${name(m.seat)}. ${played} gardait ${percent(p.value ?? 0, lang)} de résultat attendu${sc(lang)} ${alt} aurait gardé ${percent(best?.value ?? 0, lang)}${c(lang)} ce choix valait ${pointsText(m.loss, lang)}.`
      : `${head} ${name(m.seat)}’s costliest decision. ${played} kept ${percent(p.value ?? 0, lang)} of expected result${sc(lang)} ${alt} would have kept ${percent(best?.value ?? 0, lang)}${c(lang)} that choice was worth ${pointsText(m.loss, lang)}.`;
  }
  const s = m.swing;
  const head = `${t.where(s.ply)} · ${move} ${s.ply}${c(lang)}`;
  if (m.kind === 'fall')
    return fr
      ? `${head} le tour qui a le plus coûté à ${name(m.seat)}. Entre ses coups ${s.from} et ${s.ply}, les pioches et les coups des autres ont fait passer son résultat attendu de ${percent(s.was, lang)} à ${percent(s.now, lang)}${c(lang)} rien à se reprocher là, c’est la chance.`
      : `${head} the turn that cost ${name(m.seat)} the most. Between their moves ${s.from} and ${s.ply}, the draws and the others’ moves took their expected result from ${percent(s.was, lang)} to ${percent(s.now, lang)}${c(lang)} nothing to regret there, that was luck.`;
  return fr
    ? `${head} le tour qui a tourné la partie en faveur de ${name(m.seat)}. Entre ses coups ${s.from} et ${s.ply}, son résultat attendu est passé de ${percent(s.was, lang)} à ${percent(s.now, lang)}, par les pioches et les coups des autres.`
    : `${head} the turn that swung the match ${name(m.seat)}’s way. Between their moves ${s.from} and ${s.ply}, their expected result rose from ${percent(s.was, lang)} to ${percent(s.now, lang)}, through the draws and the others’ moves.`;
}
