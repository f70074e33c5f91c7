/**
 * Every entry of the message catalogue, read from the folder so that a new file is covered without
 * being listed: each `*_MSG` object's keys and each function exported beside them. For the
 * catalogue's own tests only (nothing ships it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Entry {
  file: string;
  /** The export that holds it: a `*_MSG` object, or the function itself. */
  from: string;
  key: string;
  value: unknown;
}

/** Not catalogue files: the composition, the type, and the tests with their support. */
const NOT_CATALOGUE = /^(index|catalogue|translate|locale-set|fill-text)\.ts$|\.test(-support)?\.ts$/;

export const catalogueFiles = (): string[] =>
  fs
    .readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith('.ts') && !NOT_CATALOGUE.test(f))
    .sort();

export async function catalogueEntries(): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const file of catalogueFiles()) {
    const mod = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (value && typeof value === 'object')
        for (const [key, entry] of Object.entries(value)) entries.push({ file, from: name, key, value: entry });
      else entries.push({ file, from: name, key: name, value });
    }
  }
  return entries;
}
