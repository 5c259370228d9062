import { useState } from 'preact/hooks';
import { useT } from '../i18n.ts';
import { importedWords, recordWord } from './words.ts';

/** One file's answer from the server: what it stored, or why it refused the file (its line, in the page's language). */
interface FileAnswer {
  readonly file: string;
  readonly ok: boolean;
  readonly text: string;
}

/** The token lives only as long as the tab: an operator's secret is never kept on disk by the page. */
const TOKEN_KEY = 'rt.operatorToken';

/** `#/records/import`: the operator sends record files to POST /api/records/import with the operator token. */
export function ImportPage() {
  const { lang } = useT();
  const [token, setToken] = useState(() => sessionStorage.getItem(TOKEN_KEY) ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [answers, setAnswers] = useState<FileAnswer[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (): Promise<void> => {
    if (!token) return setProblem(recordWord(lang, 'noToken'));
    if (files.length === 0) return setProblem(recordWord(lang, 'noFiles'));
    setProblem(null);
    setBusy(true);
    sessionStorage.setItem(TOKEN_KEY, token);
    const out: FileAnswer[] = [];
    for (const file of files) {
      try {
        const res = await fetch(`/api/records/import?name=${encodeURIComponent(file.name)}&lang=${lang}`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain; charset=utf-8', authorization: `Bearer ${token}` },
          body: await file.text(),
        });
        const body = (await res.json()) as {
          format?: string;
          imported?: number;
          droppedComments?: number;
          error?: { message: string };
        };
        out.push(
          res.ok
            ? {
                file: file.name,
                ok: true,
                text: importedWords(lang, body.imported ?? 0, body.format ?? '?', body.droppedComments ?? 0),
              }
            : { file: file.name, ok: false, text: body.error?.message ?? String(res.status) },
        );
      } catch (e) {
        out.push({ file: file.name, ok: false, text: (e as Error).message });
      }
      setAnswers([...out]);
    }
    setBusy(false);
  };

  return (
    <section class="records-import" data-testid="records-import">
      <h1>{recordWord(lang, 'title')}</h1>
      <p>{recordWord(lang, 'intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <p>
          <label>
            {recordWord(lang, 'token')}{' '}
            <input
              type="password"
              autocomplete="off"
              value={token}
              data-testid="operator-token"
              onInput={(e) => setToken((e.target as HTMLInputElement).value)}
            />
          </label>
        </p>
        <p>
          <label>
            {recordWord(lang, 'files')}{' '}
            <input
              type="file"
              multiple
              accept=".txt,.pgn,.json,.jsonl"
              data-testid="record-files"
              onChange={(e) => setFiles([...((e.target as HTMLInputElement).files ?? [])])}
            />
          </label>
        </p>
        <p>
          <button type="submit" class="primary" disabled={busy} data-testid="import-send">
            {busy ? recordWord(lang, 'sending') : recordWord(lang, 'send')}
          </button>
        </p>
      </form>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      <ul aria-live="polite" data-testid="import-answers">
        {answers.map((a) => (
          <li key={a.file} class={a.ok ? 'ok' : 'error'}>
            <strong>{a.file}</strong>
            {lang === 'fr' ? '\u00a0: ' : ': '}
            {a.text}
          </li>
        ))}
      </ul>
      <p>
        <small>{recordWord(lang, 'licence')}</small>
      </p>
    </section>
  );
}
