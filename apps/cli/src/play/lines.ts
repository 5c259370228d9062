import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** Where the terminal game and the menu read what people type; tests hand it a scripted stream. */
export interface LineSource {
  /** The next line typed after `prompt`, trimmed, or null once the input has ended. */
  read(prompt: string): Promise<string | null>;
  close(): void;
}

/**
 * Lines from a stream. A terminal gets readline's line editing and its prompt; a pipe gets the prompt and the
 * line echoed, so a scripted session's output reads like a transcript.
 */
export function lineSource(input: Readable & { isTTY?: boolean }, output: Writable): LineSource {
  const tty = Boolean(input.isTTY);
  const rl = createInterface({
    input,
    crlfDelay: Infinity,
    ...(tty ? { output, terminal: true } : { terminal: false }),
  });
  // The iterator buffers lines that arrive before they are asked for; `question` would drop piped lines.
  const lines = rl[Symbol.asyncIterator]();
  let ended = false;
  return {
    async read(prompt) {
      if (ended) return null;
      if (tty) {
        rl.setPrompt(prompt);
        rl.prompt();
      } else {
        output.write(prompt);
      }
      const next = await lines.next();
      if (next.done) {
        ended = true;
        if (!tty) output.write('\n');
        return null;
      }
      if (!tty) output.write(`${next.value}\n`);
      return next.value.trim();
    },
    close() {
      ended = true;
      rl.close();
    },
  };
}
