import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useT } from './i18n.ts';

/**
 * A page loaded on demand: the analysis board, the review and the puzzles bring the engines and the bots, which
 * the first screen must not wait for.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const { t } = useT();
    const [Page, setPage] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Page) return;
      void load().then((c) => {
        loaded = c;
        setPage(() => c);
      });
    }, [Page]);
    return Page ? <Page {...props} /> : <p>{t('loading')}</p>;
  };
}
