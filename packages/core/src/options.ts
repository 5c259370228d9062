import type { Localized } from './seat.ts';
import { err, ok, type Result } from './result.ts';

/** One option of a game, described well enough to build a menu, a form and a validator from it. */
export type OptionSpec =
  | {
      readonly key: string;
      readonly kind: 'boolean';
      readonly default: boolean;
      readonly label: Localized;
      readonly help?: Localized;
    }
  | {
      readonly key: string;
      readonly kind: 'integer';
      /** A fixed default, or one that depends on the number of players. */
      readonly default: number | ((players: number) => number);
      readonly min: number;
      readonly max: number;
      readonly label: Localized;
      readonly help?: Localized;
    }
  | {
      readonly key: string;
      readonly kind: 'choice';
      readonly default: string;
      readonly choices: readonly { readonly value: string; readonly label: Localized }[];
      readonly label: Localized;
      readonly help?: Localized;
    };

export type OptionValue = boolean | number | string;

/**
 * Validates raw options against their specs and fills in defaults. Unknown keys and wrongly typed values are
 * refused with the option's name, so a typo in a flag or a JSON message never silently changes a game.
 */
export function readOptions(
  specs: readonly OptionSpec[],
  raw: unknown,
  players: number,
): Result<Record<string, OptionValue>> {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return err({
      code: 'BAD_OPTION',
      option: '(options)',
      reason: 'options must be an object',
      reasonFr: 'les options doivent être un objet',
    });
  }
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!specs.some((s) => s.key === key)) {
      const known = specs.map((s) => s.key).join(', ') || 'none';
      return err({
        code: 'BAD_OPTION',
        option: key,
        reason: `unknown option (known: ${known})`,
        reasonFr: `option inconnue (connues : ${known})`,
      });
    }
  }
  const out: Record<string, OptionValue> = {};
  for (const spec of specs) {
    const value = given[spec.key];
    switch (spec.kind) {
      case 'boolean':
        if (value === undefined) out[spec.key] = spec.default;
        else if (typeof value === 'boolean') out[spec.key] = value;
        else
          return err({
            code: 'BAD_OPTION',
            option: spec.key,
            reason: 'must be true or false',
            reasonFr: 'doit valoir true ou false',
          });
        break;
      case 'integer': {
        if (value === undefined) {
          out[spec.key] = typeof spec.default === 'function' ? spec.default(players) : spec.default;
        } else if (typeof value === 'number' && Number.isInteger(value) && value >= spec.min && value <= spec.max) {
          out[spec.key] = value;
        } else {
          return err({
            code: 'BAD_OPTION',
            option: spec.key,
            reason: `must be a whole number from ${spec.min} to ${spec.max}`,
            reasonFr: `doit être un entier de ${spec.min} à ${spec.max}`,
          });
        }
        break;
      }
      case 'choice':
        if (value === undefined) out[spec.key] = spec.default;
        else if (typeof value === 'string' && spec.choices.some((c) => c.value === value)) out[spec.key] = value;
        else {
          const choices = spec.choices.map((c) => c.value).join(', ');
          return err({
            code: 'BAD_OPTION',
            option: spec.key,
            reason: `must be one of ${choices}`,
            reasonFr: `doit être l'une de ces valeurs : ${choices}`,
          });
        }
        break;
    }
  }
  return ok(out);
}
