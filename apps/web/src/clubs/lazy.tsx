import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * The clubs' pieces shown inside pages of the first screen's bundle (the new-match form's note, the join page's
 * unrated offer, the player page's clubs) load on demand with their words, and show nothing until then.
 */
function lazyPiece<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyPiece(props: P) {
    const [Piece, setPiece] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Piece) return;
      void load().then((c) => {
        loaded = c;
        setPiece(() => c);
      });
    }, [Piece]);
    return Piece ? <Piece {...props} /> : null;
  };
}

export const SameAddressNote = lazyPiece(() => import('./same-address-note.tsx').then((m) => m.SameAddressNote));
export const UnratedOffer = lazyPiece(() => import('./unrated-offer.tsx').then((m) => m.UnratedOffer));
export const PlayerClubsSection = lazyPiece(() => import('./player-clubs.tsx').then((m) => m.PlayerClubsSection));
