/**
 * Numbers on a record that visitors change, not staff: a post's `likes`. A change of one drops
 * `likes:{id}` (the like route's `invalidates`): the API reads that show the count, not the pages,
 * which are rendered without it and fetch it in the browser
 * (docs/decisions/0121-like-counts-beside-cached-pages.md).
 */
const VISITOR_COUNTS = ['likes'] as const;

/** The records of an API answer: the answer itself, its items (a page of a list) or its elements. */
function recordsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items)) {
    return (body as { items: unknown[] }).items;
  }
  return [body];
}

/**
 * The tags of a cached API answer: the tag its route declares (`config.cacheTag`: `posts`,
 * `vacancy`, `intro`, `masthead`, `settings`), one `tag:id` per record the answer shows and one
 * `likes:id` per visitor count it shows, so that a like (`likes:12`) drops exactly the reads that
 * show post 12's count. A page carries the tags of the reads it made, less the counts (`pageTags`).
 */
export function tagsFor(tag: string, body: unknown): string[] {
  const tags = new Set([tag]);
  for (const r of recordsOf(body)) {
    if (!r || typeof r !== 'object') continue;
    const id = (r as { id?: unknown }).id;
    if (typeof id !== 'number' && typeof id !== 'string') continue;
    tags.add(`${tag}:${id}`);
    for (const count of VISITOR_COUNTS) if (count in r) tags.add(`${count}:${id}`);
  }
  return [...tags];
}

const isCountTag = (tag: string) => VISITOR_COUNTS.some((count) => tag.startsWith(`${count}:`));

/** A page's tags from those of the reads it made: not the counts, which a page does not show. */
export const pageTags = (tags: Iterable<string>): string[] => [...tags].filter((t) => !isCountTag(t));

/**
 * An API answer as a server render's loaders see it: its records without their visitor counts, so
 * that no cached page can show one (the browser fetches them, features/posts-public/like-counts.ts).
 */
export function withoutCounts(body: unknown): unknown {
  const strip = (r: unknown) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) return r;
    if (!VISITOR_COUNTS.some((count) => count in r)) return r;
    const copy: Record<string, unknown> = { ...r };
    for (const count of VISITOR_COUNTS) delete copy[count];
    return copy;
  };
  if (Array.isArray(body)) return body.map(strip);
  if (body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items)) {
    const page = body as { items: unknown[] };
    return { ...page, items: page.items.map(strip) };
  }
  return strip(body);
}
