import { Command, Option } from 'commander';
import { importOne, serverUrl, streamExport, type ServerTarget } from './client.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Exit codes, as the other commands: 0 done, 1 the server refused (a file, a filter), 2 a usage error. */
const REFUSED = 1;
const USAGE = 2;

type Lang = 'en' | 'fr';

const EXPORT_HELP = `
Writes published matches as JSON lines (one record a line, each one \`roundtable verify\` checks) or as record
text, streamed from a Round Table server; the format is apps/server/src/records/FORMAT.md, the data CC0.
Rated matches are published; unrated ones only when every player agreed. Chat is never in an export.

examples:
  roundtable export --server http://localhost:8080 > all.jsonl
  roundtable export --server https://example.org --player Galahad --game camelot --rated true --from 2026-01-01
  roundtable export --server http://localhost:8080 --format text --game lancelot
`;

const IMPORT_HELP = `
Sends record files to a Round Table server, which reads each one whole (a WCF-style Camelot score, AbstractPlay
JSON records of Camelot, or JSON lines of a Round Table export), replays every game, compares each outcome with
the recorded result and stores them as imported matches; a bad file is refused with its line and reason, and
nothing of it is stored. Needs the server's operator token (--token or ROUNDTABLE_OPERATOR_TOKEN).

examples:
  roundtable import --server http://localhost:8080 --token "$TOKEN" championship-1931.txt ap-camelot.json
`;

export function exportCommand(lang: () => Lang): Command {
  return new Command('export')
    .description('write published matches (JSON lines or record text) from a server, with filters')
    .addOption(new Option('--server <url>', 'the server (http://host:port)').makeOptionMandatory())
    .option('--player <name>', "only this player's matches")
    .option('--game <id>', 'only this game')
    .addOption(new Option('--rated <yes>', 'only rated (true) or unrated (false) matches').choices(['true', 'false']))
    .option('--from <day>', 'matches created on this day (YYYY-MM-DD, UTC) or after')
    .option('--to <day>', 'matches created on this day or before')
    .addOption(new Option('--format <format>', 'JSON lines or record text').choices(['jsonl', 'text']).default('jsonl'))
    .addHelpText('after', EXPORT_HELP)
    .action(async (flags: Record<string, string | undefined>) => {
      process.exitCode = await runExport(flags, lang(), process.stdout, process.stderr);
    });
}

export function importCommand(lang: () => Lang): Command {
  return new Command('import')
    .description('send WCF, AbstractPlay or Round Table record files to a server (operator token)')
    .argument('<files...>', 'record files')
    .addOption(new Option('--server <url>', 'the server (http://host:port)').makeOptionMandatory())
    .option('--token <token>', 'the operator token (default: ROUNDTABLE_OPERATOR_TOKEN)')
    .addHelpText('after', IMPORT_HELP)
    .action(async (files: string[], flags: Record<string, string | undefined>) => {
      process.exitCode = await runImport(files, flags, lang(), process.stdout, process.stderr);
    });
}

export async function runExport(
  flags: Record<string, string | undefined>,
  lang: Lang,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const url = serverUrl(flags.server ?? '');
  if (!url) return usage(err, `--server must be an http:// or https:// URL, not "${flags.server ?? ''}"`);
  for (const key of ['from', 'to'] as const) {
    const v = flags[key];
    if (v !== undefined && !DAY.test(v)) return usage(err, `--${key} must be a day, YYYY-MM-DD, not "${v}"`);
  }
  const failed = await streamExport(
    { url, lang },
    {
      format: flags.format === 'text' ? 'text' : 'jsonl',
      ...(flags.player !== undefined ? { player: flags.player } : {}),
      ...(flags.game !== undefined ? { game: flags.game } : {}),
      ...(flags.rated === 'true' || flags.rated === 'false' ? { rated: flags.rated } : {}),
      ...(flags.from !== undefined ? { from: flags.from } : {}),
      ...(flags.to !== undefined ? { to: flags.to } : {}),
    },
    out,
  );
  if (failed === null) return 0;
  err.write(`roundtable export: ${failed}\n`);
  return REFUSED;
}

export async function runImport(
  files: readonly string[],
  flags: Record<string, string | undefined>,
  lang: Lang,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const url = serverUrl(flags.server ?? '');
  if (!url) return usage(err, `--server must be an http:// or https:// URL, not "${flags.server ?? ''}"`);
  const token = flags.token ?? process.env.ROUNDTABLE_OPERATOR_TOKEN;
  if (!token) return usage(err, 'give the operator token: --token, or ROUNDTABLE_OPERATOR_TOKEN');
  const target: ServerTarget = { url, token, lang };
  let code = 0;
  for (const file of files) {
    const answer = await importOne(target, file);
    if (answer.ok) {
      const dropped =
        answer.droppedComments > 0 ? `, ${answer.droppedComments} comment(s) left out (no CommentsLicence)` : '';
      out.write(`${file}: ${answer.imported} game(s) imported (${answer.format})${dropped}\n`);
    } else {
      err.write(`${answer.message}\n`);
      code = REFUSED;
    }
  }
  return code;
}

function usage(err: NodeJS.WritableStream, message: string): number {
  err.write(`error: ${message}\n`);
  return USAGE;
}
