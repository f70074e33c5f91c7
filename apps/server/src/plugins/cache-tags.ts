/**
 * The tags of a cached API answer: the first path segment (`posts`, `vacancy`, `intro`, `masthead`,
 * `settings`) and one `segment:id` per record the answer shows, so that a like (`posts:12`) drops
 * exactly the answers and pages that show post 12. A page carries the tags of the reads it made.
 */
export function tagsForApi(path: string, body: unknown): string[] {
  const segment = path.replace(/^\/api/, '').split(/[/?]/)[1] ?? '';
  const tags = new Set([segment]);
  const records: unknown[] = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items)
      ? (body as { items: unknown[] }).items
      : [body];
  for (const r of records) {
    const id = r && typeof r === 'object' ? (r as { id?: unknown }).id : undefined;
    if (typeof id === 'number' || typeof id === 'string') tags.add(`${segment}:${id}`);
  }
  return [...tags];
}
