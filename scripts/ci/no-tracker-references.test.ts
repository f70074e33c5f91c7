/**
 * Nothing in the repository cites "issue 11" and the like: the tracker is not in the repository,
 * so a reader cannot follow the reference. Say what was asked instead. Applied migrations are
 * never edited (their text is part of what ran), so they are left as they are.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SELF = path.relative(root, import.meta.filename);
const TRACKER_REFERENCE = /\bissues? \d+\b/i;

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs|js|md|sh|json|yaml|css)$|^Dockerfile$|^\.ci\/run$/.test(f))
    .filter((f) => !f.startsWith('apps/server/drizzle/') && f !== 'package-lock.json' && f !== SELF)
    .filter((f) => fs.existsSync(path.join(root, f)));
}

describe('references to the tracker', () => {
  it('are recognised', () => {
    expect(TRACKER_REFERENCE.test('the budget (issue 11)')).toBe(true);
    expect(TRACKER_REFERENCE.test('Issues 10 and 13')).toBe(true);
    expect(TRACKER_REFERENCE.test('the issuer 11')).toBe(false);
  });

  it('appear in no file', () => {
    const found = trackedTextFiles().flatMap((f) =>
      fs
        .readFileSync(path.join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (TRACKER_REFERENCE.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
