/**
 * docs/decisions/README.md lists every decision record with the status the record itself gives:
 * a new record, or a changed status, without `npm run docs:decisions` fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionsDir, decisionsIndex, readDecision, readDecisions } from '../dev/decisions-index';

describe('the decisions index', () => {
  it('is what the records say (run `npm run docs:decisions` after adding or changing one)', () => {
    const written = fs.readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    expect(written).toBe(decisionsIndex(readDecisions()));
  });

  it('lists every record once, with its status', () => {
    const written = fs.readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    const files = fs.readdirSync(decisionsDir).filter((f) => /^\d{4}-.*\.md$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    for (const f of files) expect(written.split(`\n| [${f.slice(0, 4)}](${f}) |`).length - 1, f).toBe(1);
    expect(written).toMatch(/\| \[0006\]\(0006-response-cache\.md\) \| .* \| superseded by .* \| \[0065\]/);
  });

  it('refuses a record without a status, and reads one that runs over two lines', () => {
    expect(() => readDecision('0200-x.md', '# 0200: X\n\n## Context\n')).toThrow(/0200-x\.md: no "- Status:" line/);
    expect(
      readDecision('0201-y.md', '# 0201: Y\n\n- Status: accepted (extends\n  [0200](0200-x.md))\n- Date: 1'),
    ).toEqual({
      number: '0201',
      file: '0201-y.md',
      title: 'Y',
      status: 'accepted (extends [0200](0200-x.md))',
    });
  });
});
