/**
 * `npm run docs:decisions`: writes docs/decisions/README.md, the index of every decision record,
 * from each record's own title and "Status" line, so that the index cannot drift from the records
 * (scripts/ci/decisions-index.test.ts fails when the file differs from what this would write).
 */
import fs from 'node:fs';
import path from 'node:path';

export const decisionsDir = path.resolve(import.meta.dirname, '../../docs/decisions');

export interface Decision {
  number: string;
  file: string;
  title: string;
  /** The Status line's text, continuation lines joined. */
  status: string;
}

/** One record's number, title and status; throws naming the file when one is missing. */
export function readDecision(file: string, text: string): Decision {
  const lines = text.split('\n');
  const heading = /^#\s+(\d{4}):?\s+(.*)$/.exec(lines[0] ?? '');
  if (!heading) throw new Error(`${file}: the first line is not "# NNNN: Title"`);
  const at = lines.findIndex((l) => /^- Status:/.test(l));
  if (at < 0) throw new Error(`${file}: no "- Status:" line`);
  const parts = [lines[at]!.replace(/^- Status:\s*/, '')];
  for (let i = at + 1; i < lines.length && /^\s+\S/.test(lines[i]!); i++) parts.push(lines[i]!.trim());
  return { number: heading[1]!, file, title: heading[2]!.trim(), status: parts.join(' ') };
}

export function readDecisions(dir = decisionsDir): Decision[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort()
    .map((f) => readDecision(f, fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** The record a status names right after "supersedes": `[NNNN](file)` or `… of decision NNNN`. */
const SUPERSEDES = /supersedes (?:the [^[]*? of )?(?:\[\d{4}\]\(([^)]+)\)|decision (\d{4}))/g;

/** Which records say they supersede (wholly or in part) the given one. */
function supersededBy(target: Decision, all: Decision[]): Decision[] {
  return all.filter((d) =>
    [...d.status.matchAll(SUPERSEDES)].some((m) => m[1] === target.file || m[2] === target.number),
  );
}

const escape = (s: string): string => s.replace(/\|/g, '\\|');

export function decisionsIndex(all: Decision[]): string {
  const rows = all.map((d) => {
    const by = supersededBy(d, all)
      .map((s) => `[${s.number}](${s.file})`)
      .join(', ');
    return `| [${d.number}](${d.file}) | ${escape(d.title)} | ${escape(d.status)} | ${by || '—'} |`;
  });
  return [
    '# Decisions',
    '',
    'Why the site is the way it is: one record per choice, numbered in the order they were made',
    '(the gaps are numbers never used). A record is not rewritten when a later one changes it: the',
    "later one says what it supersedes or extends, and the earlier one's status points at it. New",
    'records follow [000-template.md](000-template.md). The measured ones are summed up in',
    '[../performance.md](../performance.md).',
    '',
    'This index is written by `npm run docs:decisions` from each record\'s title and "Status" line;',
    'a test fails when it is out of date.',
    '',
    '| decision | title | status | superseded (wholly or in part) by |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(path.join(decisionsDir, 'README.md'), decisionsIndex(readDecisions()));
  process.stdout.write('docs/decisions/README.md written\n');
}
