/// <reference types="vite/client" />
import { descriptors } from '@roundtable/catalog/lines';
import type { Lesson } from './types.ts';

/**
 * The guided first games, found by folder convention (`lessons/<id>.ts`, exporting `lesson`), each loaded on
 * demand with its game's engine; in the catalog's order.
 */
const found = import.meta.glob<{ lesson: Lesson }>('./lessons/*.ts');
const idOf = (path: string): string => path.slice('./lessons/'.length, -'.ts'.length);

export const LESSONS: Record<string, () => Promise<Lesson>> = Object.fromEntries(
  Object.entries(found).map(([path, load]) => [idOf(path), () => load().then((m) => m.lesson)]),
);

export const LESSON_IDS: readonly string[] = descriptors()
  .map((d) => d.id)
  .filter((id) => Object.hasOwn(LESSONS, id));
