import { useEffect, useState } from 'preact/hooks';
import { loadTable, metaOf } from '../games.ts';
import { useT } from '../i18n.ts';
import { Markdown } from '../markdown.tsx';
import type { TableModule } from '../table-api.ts';

export function RulesText({ module }: { module: TableModule }) {
  const { lang } = useT();
  const rules = module.game.rules;
  return rules ? <Markdown source={rules[lang]} /> : <p>—</p>;
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
