import type { AnyGame, OptionSpec } from '@roundtable/core';

/** A game as the `games` command lists it: JSON-safe, defaults spelled out per player count when they vary. */
export function describeGame(game: AnyGame): Record<string, unknown> {
  return {
    id: game.id,
    name: game.name,
    minPlayers: game.minPlayers,
    maxPlayers: game.maxPlayers,
    perfectInformation: game.perfectInformation,
    positionStrings: game.position !== undefined,
    options: game.options.map((spec) => describeOption(spec, game.minPlayers, game.maxPlayers)),
  };
}

function describeOption(spec: OptionSpec, min: number, max: number): Record<string, unknown> {
  const base = { key: spec.key, kind: spec.kind, label: spec.label, ...(spec.help ? { help: spec.help } : {}) };
  switch (spec.kind) {
    case 'boolean':
      return { ...base, default: spec.default };
    case 'integer': {
      const range = { min: spec.min, max: spec.max };
      if (typeof spec.default === 'number') return { ...base, ...range, default: spec.default };
      const byPlayers: Record<string, number> = {};
      for (let p = min; p <= max; p++) byPlayers[String(p)] = spec.default(p);
      return { ...base, ...range, default: byPlayers[String(min)], defaultByPlayers: byPlayers };
    }
    case 'choice':
      return { ...base, default: spec.default, choices: spec.choices };
  }
}
