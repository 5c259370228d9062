/// <reference lib="webworker" />
import { reviewMatch } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';

/** The review of a match of this browser, off the page's thread, with its progress. */
self.onmessage = (e: MessageEvent<{ record: { game: string } }>) => {
  const { record } = e.data;
  try {
    const game = gameById(record.game);
    if (!game) throw new Error(`unknown game ${record.game}`);
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
