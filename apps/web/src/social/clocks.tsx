import { useEffect, useState } from 'preact/hooks';
import type { Lang, Seat } from '@roundtable/core';
import type { Social, SocialState, TableClock } from '../session/types.ts';
import { clockSummary, formatLeft, leftSentence, timeLeft, tw } from './table-words.ts';
import { colon } from '../i18n.ts';

/** The social state of an online table (null for a local one), redrawn when it changes (chat, clocks, offers). */
export function useSocial(social: Social | undefined): SocialState | null {
  const [state, setState] = useState(() => social?.tableState() ?? null);
  useEffect(() => {
    if (!social) return;
    setState(social.tableState());
    return social.subscribeTable(() => setState(social.tableState()));
  }, [social]);
  return state;
}

/**
 * The server's time now, estimated (the device's clock less its measured lead), redrawn each second while
 * `ticking`: at the turn of each second, so every clock on the page changes together.
 */
export function useServerNow(offset: number, ticking: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    let timer: ReturnType<typeof setTimeout>;
    const next = (): void => {
      timer = setTimeout(
        () => {
          setTick((n) => n + 1);
          next();
        },
        1000 - ((Date.now() - offset) % 1000) + 5,
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [offset, ticking]);
  return Date.now() - offset;
}

/** Low time, shown in red: the last 20 s of a bank or a move (the last hour of a correspondence move). */
function isLow(clock: TableClock, ms: number): boolean {
  if (clock.kind === 'move' && clock.days !== null) return ms < 3600_000;
  const whole =
    clock.kind === 'fischer' ? clock.baseSeconds * 1000 : clock.kind === 'move' ? clock.moveSeconds * 1000 : 0;
  return ms < Math.min(20_000, whole / 4);
}

/**
 * The clock beside a seat's name: a Fischer bank (ticking while it runs), or the time left for the move of the
 * seat(s) to move. It stops at 0:00 and waits: only the server says the time is up.
 */
export function SeatClock({
  state,
  seat,
  lang,
  bot,
  strip,
}: {
  state: SocialState;
  seat: Seat;
  lang: Lang;
  bot: boolean;
  strip?: boolean;
}) {
  // Each clock redraws itself every second, not the table around it.
  const now = useServerNow(state.offset, clockTicks(state.clock));
  const left = timeLeft(state.clock, seat, now);
  if (!left) return null;
  const low = !bot && left.running && isLow(state.clock, left.ms);
  const correspondence = state.clock.kind === 'move' && state.clock.days !== null;
  const shown = correspondence ? leftSentence(left.ms, lang) : formatLeft(left.ms, lang);
  // An arena seat that berserked (events/): its clock says so, to everyone at the table.
  const berserk = state.clock.kind === 'fischer' && (state.clock.berserk ?? []).includes(seat);
  return (
    <span
      class={`seat-clock${left.running ? ' running' : ''}${low ? ' low' : ''}${berserk ? ' berserk' : ''}`}
      data-testid={strip ? undefined : `clock-${seat}`}
      data-ms={Math.max(0, Math.round(left.ms))}
      data-running={left.running}
      data-berserk={berserk || undefined}
      role="timer"
      aria-label={`${tw(lang, 'timeLeft')}${colon(lang)} ${shown}${berserk ? ` (${tw(lang, 'berserkedClock')})` : ''}`}
      title={berserk ? tw(lang, 'berserkedClock') : undefined}
    >
      {berserk && <span aria-hidden="true">⚔ </span>}
      {shown}
    </span>
  );
}

/** How the match's clock is set, for the head of the table ("Clock: 5 min + 3 s"). */
export function ClockNote({ state, lang }: { state: SocialState; lang: Lang }) {
  const c = state.clock;
  if (c.kind === 'none') return null;
  return (
    <p class="clock-note" data-testid="clock-note">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" stroke-width="1.6" />
        <path
          d="M8 5.5V9l2.2 1.6M6.5 1.5h3"
          fill="none"
          stroke="currentColor"
          stroke-width="1.6"
          stroke-linecap="round"
        />
      </svg>{' '}
      {tw(lang, 'clock')}
      {colon(lang)} {clockSummary(c, lang)}
    </p>
  );
}

/** Whether any clock on the table moves now (the page then redraws each second). */
export const clockTicks = (clock: TableClock): boolean => clock.kind !== 'none' && clock.running.length > 0;

/**
 * On a phone the seat list is below the board: a strip above it shows each seat's clock by its name, so the
 * time is in sight while playing (hidden on wider screens, where the seat list beside the board shows it).
 */
export function ClockStrip({
  state,
  lang,
  seats,
  name,
  colour,
}: {
  state: SocialState;
  lang: Lang;
  seats: readonly { kind: string }[];
  name: (seat: Seat) => string;
  colour: (seat: Seat) => string;
}) {
  if (state.clock.kind === 'none') return null;
  return (
    <ul class="clock-strip" aria-hidden="true">
      {seats.map((s, i) => (
        <li key={i} class={state.clock.kind !== 'none' && state.clock.running.includes(i) ? 'running' : ''}>
          <span class="dot" style={{ background: colour(i) }} />
          <span class="strip-name">{name(i)}</span>
          <SeatClock state={state} seat={i} lang={lang} bot={s.kind === 'bot'} strip />
        </li>
      ))}
    </ul>
  );
}
