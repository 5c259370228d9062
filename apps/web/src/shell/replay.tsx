import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n.ts';

const W = {
  start: { en: 'To the start', fr: 'Au début' },
  back: { en: 'One move back', fr: 'Un coup en arrière' },
  play: { en: 'Play the replay', fr: 'Lancer la relecture' },
  pause: { en: 'Pause', fr: 'Pause' },
  forward: { en: 'One move forward', fr: 'Un coup en avant' },
  // Every move of anyone is one step: a game's own "Move 24" (White's and Black's) is another count.
  step: { en: 'Step', fr: 'Étape' },
  of: { en: 'of', fr: 'sur' },
  hint: { en: 'Click an entry of the log to go there.', fr: 'Cliquez une ligne du journal pour y aller.' },
  jump: { en: 'Go to', fr: 'Aller à' },
} as const;

/**
 * The replay controls: to the start, a move back, play/pause (a move a second), a move forward, back to the
 * game, and a slider; `ply` null is the live game. The arrow keys step while the bar has focus.
 */
export function ReplayBar({
  ply,
  maxPly,
  onPly,
  marks,
}: {
  ply: number | null;
  maxPly: number;
  onPly: (ply: number | null) => void;
  marks?: readonly { readonly label: string; readonly ply: number }[];
}) {
  const { lang, t } = useT();
  const w = (k: keyof typeof W): string => W[k][lang];
  const [playing, setPlaying] = useState(false);
  const at = ply ?? maxPly;
  // The latest callback, read when the timer fires: a parent's new closure must not restart the wait.
  const onPlyNow = useRef(onPly);
  onPlyNow.current = onPly;

  useEffect(() => {
    if (!playing) return;
    if (at >= maxPly) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => onPlyNow.current(at + 1), 1000);
    return () => clearTimeout(timer);
  }, [playing, at, maxPly]);

  const go = (p: number): void => onPly(Math.max(0, Math.min(maxPly, p)));
  return (
    <div
      class="replay"
      role="group"
      aria-label={t('replay')}
      data-testid="replay-bar"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(at - 1);
        else if (e.key === 'ArrowRight') go(at + 1);
        else return;
        e.preventDefault();
      }}
    >
      <div class="replay-head">
        <strong>{t('replay')}</strong>
        <span data-testid="replay-at">
          {w('step')} {at} {w('of')} {maxPly}
        </span>
        {ply !== null && (
          <button
            type="button"
            onClick={() => {
              setPlaying(false);
              onPly(null);
            }}
            data-testid="live"
          >
            {t('live')}
          </button>
        )}
      </div>
      <div class="replay-buttons">
        <button
          type="button"
          aria-label={w('start')}
          title={w('start')}
          onClick={() => go(0)}
          data-testid="replay-start"
        >
          |◀
        </button>
        <button
          type="button"
          aria-label={w('back')}
          title={w('back')}
          onClick={() => go(at - 1)}
          disabled={at === 0}
          data-testid="replay-back"
        >
          ◀
        </button>
        <button
          type="button"
          aria-label={playing ? w('pause') : w('play')}
          title={playing ? w('pause') : w('play')}
          onClick={() => {
            if (!playing && at >= maxPly) go(0);
            setPlaying(!playing);
          }}
          data-testid="replay-play"
        >
          {playing ? '❚❚' : '▶'}
        </button>
        <button
          type="button"
          aria-label={w('forward')}
          title={w('forward')}
          onClick={() => go(at + 1)}
          disabled={at >= maxPly}
          data-testid="replay-forward"
        >
          ▶|
        </button>
      </div>
      <input
        type="range"
        min={0}
        max={maxPly}
        value={at}
        aria-label={t('replay')}
        data-testid="replay"
        onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
      />
      {marks && marks.length > 1 && (
        <label class="replay-jump">
          {w('jump')}{' '}
          <select
            data-testid="replay-jump"
            value={String([...marks].reverse().find((m) => m.ply <= at)?.ply ?? 0)}
            onChange={(e) => go(Number((e.target as HTMLSelectElement).value))}
          >
            {/* Headings can repeat ("Turn of Player 2"): the step, in brackets, tells them apart and stays short
                enough for the side column ("Tour 17 — Robot 2 (84)" was cut as "… · Étape 8"). */}
            {marks.map((m) => (
              <option key={`${m.ply}-${m.label}`} value={String(m.ply)}>{`${m.label} (${m.ply})`}</option>
            ))}
          </select>
        </label>
      )}
      <small class="hint-muted">{w('hint')}</small>
    </div>
  );
}
