/// <reference lib="webworker" />
import { reviewMatch } from '@roundtable/ai';
import { loadGame } from '../learn-games.ts';

/** The review of a match of this browser, off the page's thread, with its progress. */
self.onmessage = async (e: MessageEvent<{ record: { game: string } }>) => {
  const { record } = e.data;
  try {
    const game = await loadGame(record.game);
    const review = reviewMatch(game, record, {
      onProgress: (done, total) => self.postMessage({ progress: done / total }),
    });
    if (!review.ok) self.postMessage({ error: review.error });
    else self.postMessage({ review: review.value });
  } catch (error) {
    self.postMessage({
      error: { code: 'REVIEW_FAILED', message: error instanceof Error ? error.message : String(error) },
    });
  }
};
