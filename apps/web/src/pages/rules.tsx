import { useEffect, useState } from 'preact/hooks';
import { loadTable, metaOf } from '../games.ts';
import { useT } from '../i18n.ts';
import { Markdown } from '../markdown.tsx';
import type { TableModule } from '../table-api.ts';
import { commandRows } from '../reader/queries.ts';
import { rw } from '../reader/words.ts';
import { OnlineRules } from '../vacation/online-rules.tsx';

export function RulesText({ module }: { module: TableModule }) {
  const { lang } = useT();
  const rules = module.game.rules;
  return (
    <>
      {rules ? <Markdown source={rules[lang]} /> : <p>—</p>}
      <OnlineRules gameId={module.game.id} lang={lang} />
      <ByEar module={module} />
    </>
  );
}

/** The screen-reader mode's command field: what can be typed at this game's table besides a move. */
function ByEar({ module }: { module: TableModule }) {
  const { lang } = useT();
  return (
    <section class="by-ear" data-testid="commands">
      <h2>{rw(lang, 'byEarTitle')}</h2>
      <p>{rw(lang, 'byEarIntro')}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{rw(lang, 'typeCol')}</th>
            <th scope="col">{rw(lang, 'answerCol')}</th>
          </tr>
        </thead>
        <tbody>
          {commandRows(module.game, lang).map((r) => (
            <tr key={r.usage}>
              <td>
                <code>{r.usage}</code>
              </td>
              <td>{r.help}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function RulesPage({ gameId }: { gameId: string }) {
  const { lang, t } = useT();
  const [module, setModule] = useState<TableModule | null>(null);
  useEffect(() => {
    void loadTable(gameId).then(setModule);
  }, [gameId]);
  return (
    <section class="rules-page">
      <h1>
        {t('rules')} — {metaOf(gameId)?.name[lang] ?? gameId}
      </h1>
      {module ? <RulesText module={module} /> : <p>{t('loading')}</p>}
      <p>
        <a class="button" href={`#/new/${gameId}`}>
          {t('play')}
        </a>
      </p>
    </section>
  );
}
