import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueEntries, catalogueFiles } from './entries.test-support';
import { MSG } from './index';

/**
 * The catalogue is shaped for translation (docs/decisions/0136-messages-catalogue.md): a locale is
 * a copy of these files with the same keys, so each entry must be a text or a function that makes
 * one, and a key must name one text only (a key in two files would be overridden in silence
 * where MSG spreads them).
 */
describe('the message catalogue', () => {
  it('holds only texts and functions that return a text', async () => {
    const entries = await catalogueEntries();
    expect(entries.length).toBeGreaterThan(250);
    const wrong = entries
      .filter(({ value }) => {
        if (typeof value === 'string') return value.length === 0;
        if (typeof value !== 'function') return true;
        const args = Array.from({ length: value.length }, (_, i) => (i % 2 ? 2 : 'x'));
        return typeof (value as (...a: unknown[]) => unknown)(...args) !== 'string';
      })
      .map(({ file, key }) => `${file}: ${key}`);
    expect(wrong).toEqual([]);
  });

  it('has every key once across its files', async () => {
    const byKey = new Map<string, string[]>();
    for (const { file, key } of await catalogueEntries()) byKey.set(key, [...(byKey.get(key) ?? []), file]);
    const twice = [...byKey].filter(([, files]) => files.length > 1).map(([key, files]) => `${key}: ${files}`);
    expect(twice).toEqual([]);
  });

  it('exports from each file only its catalogue object and text functions', () => {
    for (const file of catalogueFiles()) {
      const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
      const exported = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]!);
      expect(exported.filter((name) => !/^[A-Z_]+_MSG$/.test(name) && !/^[a-z]\w*$/.test(name))).toEqual([]);
      expect(exported.filter((name) => /_MSG$/.test(name))).toHaveLength(1);
    }
  });

  it('composes MSG from the shared objects without dropping or overriding a key', async () => {
    const spread = ['CORE_MSG', 'CLIENT_MSG', 'PUBLIC_MSG', 'SESSION_MSG', 'CONTACT_MSG', 'POSTS_MSG', 'VACANCIES_MSG'];
    spread.push('SETTINGS_MSG', 'USERS_MSG', 'MAIL_ADMIN_MSG', 'REQUEST_MSG');
    const shared = (await catalogueEntries()).filter(({ from }) => spread.includes(from));
    expect(Object.keys(MSG)).toHaveLength(shared.length);
    for (const { key, value } of shared) expect(MSG).toHaveProperty(key, value);
  });
});
