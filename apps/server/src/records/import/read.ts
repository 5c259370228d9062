import { replay, describeError, type AnyGame } from '@roundtable/core';
import { importedOutcome } from '../../match/creation.ts';
import { recordMessages } from '../messages.ts';
import { readAbstractPlay } from './abstractplay.ts';
import { fault, MAX_FILE_CHARS, type FileReading } from './fault.ts';
import { readRoundTable } from './roundtable.ts';
import { readWcf } from './wcf.ts';

/**
 * Reads a file in any import format, told apart by its content: JSON lines of our export (`"format":
 * "roundtable-record"`), AbstractPlay's JSON (`"header"`), else a WCF-style score. Then every game is replayed
 * and its claimed result compared, so a file is taken whole or refused whole, with the line at fault.
 */
export function readImportFile(text: string, games: (id: string) => AnyGame | undefined): FileReading {
  if (text.length > MAX_FILE_CHARS)
    return fault(
      1,
      `the file is larger than ${MAX_FILE_CHARS} characters`,
      `le fichier dépasse ${MAX_FILE_CHARS} caractères`,
    );
  if (text.includes('\u0000'))
    return fault(lineOfNul(text), 'the file is binary (a NUL byte)', 'le fichier est binaire (un octet NUL)');
  const start = text.trimStart();
  const reading = /^\{\s*"format"\s*:\s*"roundtable-record"/.test(start)
    ? readRoundTable(text)
    : start.startsWith('{') || start.startsWith('[{') || /^\[\s*\{/.test(start)
      ? readAbstractPlay(text)
      : readWcf(text, games);
  if (!reading.ok) return reading;
  for (const g of reading.games) {
    const game = games(g.request.game);
    if (!game) return fault(g.line, `unknown game "${g.request.game}"`, `jeu inconnu « ${g.request.game} »`);
    const replayed = replay(game, g.request);
    if (!replayed.ok) {
      const index = typeof replayed.error.index === 'number' ? replayed.error.index : null;
      const cause = replayed.error.cause as Parameters<typeof describeError>[0] | undefined;
      const en = cause ? describeError(cause, 'en', game.messages) : describeError(replayed.error, 'en', game.messages);
      const fr = cause ? describeError(cause, 'fr', game.messages) : describeError(replayed.error, 'fr', game.messages);
      const what = index !== null ? `move ${index + 1} (${g.request.moves[index]?.move ?? '?'})` : 'the record';
      const whatFr = index !== null ? `coup ${index + 1} (${g.request.moves[index]?.move ?? '?'})` : 'l’enregistrement';
      return fault(g.line, `${what} does not replay: ${en}`, `${whatFr} ne se rejoue pas : ${fr}`);
    }
    const outcome = importedOutcome(replayed.value.outcome(), g.request.outcome);
    if (!outcome.ok)
      return fault(
        g.line,
        describeError(outcome.error, 'en', recordMessages).replace(/\.$/, ''),
        describeError(outcome.error, 'fr', recordMessages).replace(/\.$/, ''),
      );
  }
  return reading;
}

function lineOfNul(text: string): number {
  return text.slice(0, text.indexOf('\u0000')).split('\n').length;
}
