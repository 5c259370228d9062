/**
 * Texts from the engines' data carry their sources for developers ("(seed 004)", "(research §8)"); a player
 * reads them without those references.
 */
export function playerWords(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text
    .replace(/\s*\((?:seed|research|recherche|source)[^)]*\)/gi, '')
    .replace(/\s*\[(?:decision|décision)\]\s*:?\s*/gi, ' ')
    .trim();
}
