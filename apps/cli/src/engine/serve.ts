import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Registry } from '../registry.ts';
import { EngineSession } from './protocol.ts';

/**
 * Runs the engine protocol over streams: one JSON request per input line, one JSON response per output line, in
 * order. Blank lines are skipped. Ends on `quit` or at the end of the input.
 */
export async function serveEngine(registry: Registry, input: Readable, output: Writable): Promise<void> {
  const session = new EngineSession(registry);
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const { response, quit } = session.handle(line);
    output.write(`${JSON.stringify(response)}\n`);
    if (quit) break;
  }
  lines.close();
}
