/** The id of a post route: absent, not a number above 0, or the number (SPEC section 5). */
export type PostIdParam = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'ok'; id: number };

export function parsePostId(raw: string | undefined): PostIdParam {
  if (raw === undefined || raw === '') return { kind: 'missing' };
  // Same bound as the server's idParam, so a valid-looking id is never refused there.
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) return { kind: 'invalid' };
  return { kind: 'ok', id: Number(raw) };
}
