/**
 * Every relative link in the repository's Markdown points at a file that exists, and a link with
 * `#anchor` at a heading of that file: the docs were split and moved, and a reader who follows a
 * dead link learns nothing. Links leave the repository only as absolute URLs (http:, https:,
 * mailto:).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The Markdown files git tracks or would track (untracked but not ignored): never node_modules. */
function markdownFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter(Boolean)
    .filter((f) => fs.existsSync(path.join(root, f)));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const seen = new Set<string>();
  for (const line of markdown.replace(/```[\s\S]*?```/g, '').split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    seen.add(slug);
  }
  return seen;
}

function links(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

function deadLinks(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const dead: string[] = [];
  for (const link of links(text)) {
    if (/^(https?|mailto):/.test(link)) continue;
    const [target = '', anchor] = link.split('#');
    const resolved = target ? path.resolve(path.dirname(path.join(root, file)), target) : path.join(root, file);
    if (!resolved.startsWith(root + path.sep) && resolved !== root) {
      dead.push(`${link} (outside the repository)`);
      continue;
    }
    if (!fs.existsSync(resolved)) {
      dead.push(link);
      continue;
    }
    if (anchor && fs.statSync(resolved).isFile() && !anchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
      dead.push(`${link} (no such heading)`);
    }
  }
  return dead;
}

describe('Markdown links', () => {
  it('finds the documents it checks', () => {
    expect(markdownFiles()).toEqual(expect.arrayContaining(['README.md', 'docs/performance.md']));
  });

  it('reports a link to a missing file or heading', () => {
    expect(links('[a](gone.md) [b](README.md#nowhere) [c](https://example.com)')).toEqual([
      'gone.md',
      'README.md#nowhere',
      'https://example.com',
    ]);
    expect(anchors('# Quick start\n## Node.js\n```\n# not a heading\n```')).toEqual(new Set(['quick-start', 'nodejs']));
  });

  it.each(markdownFiles())('%s links only to files and headings that exist', (file) => {
    expect(deadLinks(file)).toEqual([]);
  });
});
