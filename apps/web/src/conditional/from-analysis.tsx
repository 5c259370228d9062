import { useState } from 'preact/hooks';
import { nodesAt, type Lang, type RecordTree } from '@roundtable/core';
import { readConditional, setConditional } from './api.ts';
import { addLine } from './lines.ts';
import { takesConditional } from './panel.tsx';
import { cw } from './words.ts';

/**
 * The analysis board of an online match: the line from the match's position to the move shown (the opponent's
 * move first) is added to the seat's conditional moves. The server says where the match stands (its ply), so a
 * line studied while the opponent moved is refused rather than set from a position that is gone.
 */
export function SetAsConditional({
  matchId,
  tree,
  path,
  lang,
}: {
  matchId: string;
  tree: RecordTree;
  path: readonly number[];
  lang: Lang;
}) {
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  if (!takesConditional(tree.game, tree.players)) return null;
  const run = async (): Promise<void> => {
    try {
      const now = await readConditional(matchId, lang);
      // The match's own moves are the tree's main line: the line must follow it up to the position now.
      if (path.length <= now.ply || path.slice(0, now.ply).some((i) => i !== 0))
        return setSaid({ text: cw(lang, 'notFromMatch'), error: true });
      const moves = (nodesAt(tree, path) ?? []).slice(now.ply).map((n) => n.move);
      if (moves.length < 2) return setSaid({ text: cw(lang, 'tooShort'), error: true });
      const set = await setConditional(matchId, addLine(now.tree, moves), lang);
      const lines = set.tree.map((b) => `${b.if} → ${b.then}`).join(', ');
      setSaid({ text: `${cw(lang, 'setLines')}${lang === 'fr' ? '\u00a0:' : ':'} ${lines}`, error: false });
    } catch (e) {
      setSaid({ text: (e as Error).message, error: true });
    }
  };
  return (
    <div class="set-conditional">
      <button type="button" onClick={() => void run()} data-testid="set-conditional" title={cw(lang, 'fromBoardHint')}>
        {cw(lang, 'fromBoard')}
      </button>
      {said && (
        <p
          class={said.error ? 'error' : 'conditional-note'}
          role={said.error ? 'alert' : 'status'}
          data-testid="set-conditional-said"
        >
          {said.text}
        </p>
      )}
    </div>
  );
}
