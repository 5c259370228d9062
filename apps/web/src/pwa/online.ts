import { useEffect, useState } from 'preact/hooks';

/**
 * Whether the browser has a network: `navigator.onLine` and its events. It can say "online" behind a network
 * that reaches nothing; the pages that need the server still show their own errors then, and recover on the next
 * `online` event.
 */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = (): void => setOnline(true);
    const off = (): void => setOnline(false);
    addEventListener('online', on);
    addEventListener('offline', off);
    setOnline(navigator.onLine);
    return () => {
      removeEventListener('online', on);
      removeEventListener('offline', off);
    };
  }, []);
  return online;
}
