import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where the records commands send their requests: a Round Table server (`roundtable serve`, or one online). */
export interface ServerTarget {
  readonly url: string;
  /** The operator token (imports only): `--token`, else ROUNDTABLE_OPERATOR_TOKEN. */
  readonly token?: string;
  readonly lang: 'en' | 'fr';
}

/** A server URL as given: http(s) only, without a trailing slash; null when it is not one. */
export function serverUrl(text: string): string | null {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString().replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

export interface ExportRequest {
  readonly player?: string;
  readonly game?: string;
  readonly rated?: 'true' | 'false';
  readonly from?: string;
  readonly to?: string;
  readonly format: 'jsonl' | 'text';
}

/** Streams an export from the server to `out`; resolves to an error sentence, or null once all is written. */
export async function streamExport(
  target: ServerTarget,
  req: ExportRequest,
  out: NodeJS.WritableStream,
): Promise<string | null> {
  const q = new URLSearchParams({ format: req.format, lang: target.lang });
  for (const key of ['game', 'rated', 'from', 'to'] as const) {
    const v = req[key];
    if (v !== undefined) q.set(key, v);
  }
  const path =
    req.player !== undefined ? `/api/players/${encodeURIComponent(req.player)}/records` : '/api/records/export';
  let res: Response;
  try {
    res = await fetch(`${target.url}${path}?${q.toString()}`);
  } catch (e) {
    return `cannot reach ${target.url}: ${(e as Error).message}`;
  }
  if (!res.ok || !res.body) return errorOf(res);
  await pipeline(Readable.fromWeb(res.body as Parameters<typeof Readable.fromWeb>[0]), out, { end: false });
  return null;
}

/** The answer to one file's import: what the server stored, or why it refused the file. */
export type ImportAnswer =
  | { readonly ok: true; readonly format: string; readonly imported: number; readonly droppedComments: number }
  | { readonly ok: false; readonly message: string };

export async function importOne(target: ServerTarget, file: string): Promise<ImportAnswer> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return { ok: false, message: `cannot read ${file}: ${(e as Error).message}` };
  }
  let res: Response;
  try {
    res = await fetch(
      `${target.url}/api/records/import?name=${encodeURIComponent(basename(file))}&lang=${target.lang}`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8', authorization: `Bearer ${target.token ?? ''}` },
        body: text,
      },
    );
  } catch (e) {
    return { ok: false, message: `cannot reach ${target.url}: ${(e as Error).message}` };
  }
  if (!res.ok) return { ok: false, message: await errorOf(res) };
  const body = (await res.json()) as { format: string; imported: number; droppedComments: number };
  return { ok: true, format: body.format, imported: body.imported, droppedComments: body.droppedComments };
}

async function errorOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {
    // not JSON: said as it came
  }
  return `the server answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
}
