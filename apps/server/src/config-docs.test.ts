import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config';
import { serverRoot } from './lib/server-root';

/** The variables named in the first cell of each row of the README's configuration table. */
function readmeVariables(): string[] {
  const readme = fs.readFileSync(path.resolve(serverRoot, '../../README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const table = /^\|.*\|\n\|[-| ]+\|\n((?:\|.*\|\n?)+)/m.exec(section)?.[1] ?? '';
  return table
    .trim()
    .split('\n')
    .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

describe('the README configuration table', () => {
  it('lists exactly the variables the configuration reads, each once', () => {
    const listed = readmeVariables();
    const read = Object.keys(configSchema.in.shape);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
    expect({
      missingFromReadme: read.filter((name) => !listed.includes(name)),
      notRead: listed.filter((name) => !read.includes(name)),
    }).toEqual({ missingFromReadme: [], notRead: [] });
  });
});
