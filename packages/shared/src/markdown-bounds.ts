/**
 * Bounds on post Markdown that keep rendering cheap whatever an author (or a stolen account) types.
 * The renderer recurses once per nested quote or list and scans ahead from every emphasis mark, so
 * 2,000 nested `>` overflow the stack and 6,600 `*a ` in one paragraph take seconds
 * (docs/behaviour/posts.md). Real posts stay far below both bounds; within them the worst content
 * of the maximum length renders in tens of milliseconds. The form and the API check the same rules.
 */
export const MARKDOWN_BOUNDS = {
  /** Quote and list markers opening one line (`> > - 1. - [ ]`), outside fenced code. */
  nesting: 32,
  /** Emphasis marks (`*`, `_`, `~`) in one block (text between blank lines). */
  marksPerBlock: 500,
} as const;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** One container marker at the start of what is left of a line: a quote, or a list item (a task's box included). */
const MARKER = /^[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)(?:[ \t]+\[[ xX]\](?=[ \t]|$))?)/;

/** The deepest run of quote and list markers opening a line, fenced code left out. */
export function markdownNesting(source: string): number {
  let deepest = 0;
  let fence: string | undefined;
  for (const line of source.split('\n')) {
    const opening = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
      continue;
    }
    if (opening) {
      fence = opening;
      continue;
    }
    let depth = 0;
    let rest = line;
    for (let m = MARKER.exec(rest); m && depth <= MARKDOWN_BOUNDS.nesting; m = MARKER.exec(rest)) {
      depth++;
      rest = rest.slice(m[0].length);
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** The most emphasis marks in one block of the source. */
export function markdownMarksPerBlock(source: string): number {
  let most = 0;
  for (const block of source.split(/\n[ \t]*\n/)) {
    let marks = 0;
    for (const c of block) if (c === '*' || c === '_' || c === '~') marks++;
    most = Math.max(most, marks);
  }
  return most;
}
