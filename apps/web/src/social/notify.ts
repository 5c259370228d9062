import { useEffect, useRef, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { tw } from './table-words.ts';

/** The person asked to be told of their turn (they pressed the button once; the browser granted it). */
const KEY = 'rt.notify';

export type NoticeState = 'unsupported' | 'ask' | 'on' | 'denied';

function noticeState(): NoticeState {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && localStorage.getItem(KEY) === '1' ? 'on' : 'ask';
}

/** Whether turn notices are on, and the button's action: asks the browser (never on load, only when pressed). */
export function useNoticePermission(): { state: NoticeState; ask: () => Promise<void> } {
  const [state, setState] = useState<NoticeState>(noticeState);
  const ask = async (): Promise<void> => {
    if (typeof Notification === 'undefined') return;
    const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (answer === 'granted') localStorage.setItem(KEY, '1');
    setState(noticeState());
  };
  return { state, ask };
}

const hidden = (): boolean => document.hidden || document.visibilityState === 'hidden';

/**
 * "Your turn, when away": while it is this screen's turn and the page is hidden, the title starts with
 * "(Your turn)"; when the turn comes while the page is hidden and the person asked for it, a notification
 * whose click brings the tab back.
 */
export function useTurnNotice(yourTurn: boolean, lang: Lang, what: string, tag: string | null): void {
  const base = useRef<string | null>(null);
  const [away, setAway] = useState(hidden);
  const was = useRef(yourTurn);

  useEffect(() => {
    const on = (): void => setAway(hidden());
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);

  // The title: remembered as it was, prefixed while away on one's turn, and put back after.
  useEffect(() => {
    const prefix = tw(lang, 'titleTurn');
    if (yourTurn && away) {
      if (base.current === null) base.current = document.title;
      document.title = `${prefix} ${base.current}`;
    } else if (base.current !== null) {
      document.title = base.current;
      base.current = null;
    }
  }, [yourTurn, away, lang]);
  useEffect(
    () => () => {
      if (base.current !== null) document.title = base.current;
    },
    [],
  );

  useEffect(() => {
    const became = yourTurn && !was.current;
    was.current = yourTurn;
    if (!became || !hidden() || noticeState() !== 'on') return;
    try {
      const n = new Notification(what, { body: tw(lang, 'turnBody'), ...(tag ? { tag } : {}) });
      n.onclick = () => {
        window.focus();
        n.close();
      };
    } catch {
      // Some browsers (Android Chrome) only notify from a service worker: the title still tells.
    }
  }, [yourTurn, lang, what, tag]);
}
