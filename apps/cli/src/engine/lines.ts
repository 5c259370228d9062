import type { Readable } from 'node:stream';
import { MAX_LINE_BYTES } from './guard.ts';

export type LineEvent =
  { readonly kind: 'line'; readonly text: string } | { readonly kind: 'too-long'; readonly bytes: number };

/**
 * Splits a byte stream into lines without ever holding more than `maxBytes` of one line: the rest of an over-long
 * line is skipped up to its newline and reported once as `too-long`, so a client sending endless bytes cannot
 * exhaust the memory of a session. Lines end with \n (a trailing \r is dropped); a last line without one counts.
 */
export function readLines(
  input: Readable,
  onEvent: (event: LineEvent) => void,
  onEnd: () => void,
  maxBytes = MAX_LINE_BYTES,
): () => void {
  let parts: Buffer[] = [];
  let held = 0;
  let skipped = 0;
  const emit = (): void => {
    if (skipped > 0) onEvent({ kind: 'too-long', bytes: skipped });
    else {
      let text = Buffer.concat(parts, held).toString('utf8');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      onEvent({ kind: 'line', text });
    }
    parts = [];
    held = 0;
    skipped = 0;
  };
  const take = (chunk: Buffer): void => {
    if (skipped > 0) {
      skipped += chunk.length;
      return;
    }
    if (held + chunk.length > maxBytes) {
      skipped = held + chunk.length;
      parts = [];
      held = 0;
      return;
    }
    parts.push(chunk);
    held += chunk.length;
  };
  const onData = (data: Buffer | string): void => {
    let chunk = typeof data === 'string' ? Buffer.from(data) : data;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a)) {
      take(chunk.subarray(0, nl));
      emit();
      chunk = chunk.subarray(nl + 1);
    }
    if (chunk.length > 0) take(chunk);
  };
  const onClose = (): void => {
    if (held > 0 || skipped > 0) emit();
    detach();
    onEnd();
  };
  const detach = (): void => {
    input.off('data', onData);
    input.off('end', onClose);
  };
  input.on('data', onData);
  input.on('end', onClose);
  return () => {
    detach();
    input.pause();
  };
}
