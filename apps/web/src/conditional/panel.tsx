import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import type { ConditionalAnswer, ConditionalLine } from '@roundtable/protocol';
import { metaOf } from '../games.ts';
import type { Snapshot } from '../session/types.ts';
import { readConditional, setConditional } from './api.ts';
import { addLine, movesOf, removeBranch } from './lines.ts';
import { cw } from './words.ts';
import './conditional.css';

/** Two players and nothing hidden, from the catalog, as the server decides it. */
export function takesConditional(gameId: string, players: number): boolean {
  const d = metaOf(gameId)?.descriptor;
  return players === 2 && d !== undefined && d.perfectInformation && !d.capabilities.secrets;
}

/**
 * The table's panel of conditional moves, for a seat of an online match that takes them: the tree as a list
 * whose branches can be removed, and a field to add a line while the opponent is to move. Read again after each
 * move (the server may have played an answer and kept only what was under it).
 */
export function ConditionalPanel({ snap, gameId, lang }: { snap: Snapshot; gameId: string; lang: Lang }) {
  const seat = typeof snap.viewer === 'number' ? snap.viewer : null;
  const shown =
    snap.matchId !== null && seat !== null && snap.status === 'active' && takesConditional(gameId, snap.players);
  const [answer, setAnswer] = useState<ConditionalAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const matchId = snap.matchId;
  useEffect(() => {
    if (!shown || matchId === null) return;
    let live = true;
    readConditional(matchId, lang).then(
      (a) => live && setAnswer(a),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [shown, matchId, snap.ply, snap.updates, lang]);
  if (!shown || matchId === null || !answer?.offered) return null;
  const myTurn = seat !== null && snap.toMove.includes(seat);

  const save = async (tree: readonly ConditionalLine[]): Promise<boolean> => {
    try {
      setAnswer(await setConditional(matchId, tree, lang));
      setError(null);
      setNote(cw(lang, 'saved'));
      return true;
    } catch (e) {
      setError((e as Error).message);
      setNote(null);
      return false;
    }
  };

  return (
    <section class="conditional" aria-labelledby="conditional-title" data-testid="conditional">
      <h2 id="conditional-title">{cw(lang, 'title')}</h2>
      <p class="conditional-explain">{cw(lang, 'explain')}</p>
      {answer.tree.length === 0 ? (
        <p class="conditional-none" data-testid="conditional-none">
          {cw(lang, 'none')}
        </p>
      ) : (
        <Branches
          tree={answer.tree}
          path={[]}
          lang={lang}
          label={cw(lang, 'treeLabel')}
          onRemove={(path) => void save(removeBranch(answer.tree, path))}
        />
      )}
      {myTurn ? (
        <p class="conditional-explain">{cw(lang, 'yourTurn')}</p>
      ) : (
        <form
          class="conditional-add"
          onSubmit={(e) => {
            e.preventDefault();
            const moves = movesOf(typed);
            if (moves.length < 2) return setError(cw(lang, 'tooShort'));
            void save(addLine(answer.tree, moves)).then((ok) => ok && setTyped(''));
          }}
        >
          <label>
            {cw(lang, 'lineLabel')}
            <input
              value={typed}
              onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
              data-testid="conditional-line"
              autoComplete="off"
              spellcheck={false}
            />
          </label>
          <div class="actions">
            <button type="submit" data-testid="conditional-add">
              {cw(lang, 'add')}
            </button>
            {answer.tree.length > 0 && (
              <button type="button" onClick={() => void save([])} data-testid="conditional-clear">
                {cw(lang, 'removeAll')}
              </button>
            )}
          </div>
        </form>
      )}
      {error && (
        <p class="error" role="alert" data-testid="conditional-error">
          {error}
        </p>
      )}
      {note && !error && (
        <p class="conditional-note" role="status">
          {note}
        </p>
      )}
    </section>
  );
}

function Branches({
  tree,
  path,
  lang,
  label,
  onRemove,
}: {
  tree: readonly ConditionalLine[];
  path: readonly number[];
  lang: Lang;
  label?: string;
  onRemove: (path: number[]) => void;
}) {
  return (
    <ul class="conditional-tree" {...(label ? { 'aria-label': label } : {})}>
      {tree.map((b, i) => (
        <li key={`${b.if}-${b.then}`} data-testid="conditional-branch" data-line={`${b.if} ${b.then}`}>
          <span class="conditional-pair">
            {cw(lang, 'ifThey')} <code>{b.if}</code>, {cw(lang, 'youAnswer')} <code>{b.then}</code>
          </span>{' '}
          <button
            type="button"
            class="conditional-remove"
            onClick={() => onRemove([...path, i])}
            aria-label={`${cw(lang, 'remove')}${lang === 'fr' ? '\u00a0:' : ':'} ${b.if} → ${b.then}`}
            data-testid="conditional-remove"
          >
            {cw(lang, 'remove')}
          </button>
          {b.next && b.next.length > 0 && (
            <Branches tree={b.next} path={[...path, i]} lang={lang} onRemove={onRemove} />
          )}
        </li>
      ))}
    </ul>
  );
}
