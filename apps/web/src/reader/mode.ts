import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

const KEY = 'rt.reader';

/** Whether the screen-reader mode was switched on on this device (remembered across visits). */
export function savedReaderMode(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function saveReaderMode(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // a browser that keeps nothing keeps the mode for this visit only
  }
}

/**
 * The screen-reader mode: the tables announce every move and event through one live region, the command field is
 * always at hand and the history log stops being a live region of its own (so nothing is read twice).
 */
export const ReaderContext = createContext(false);

export function useReaderMode(): boolean {
  return useContext(ReaderContext);
}
