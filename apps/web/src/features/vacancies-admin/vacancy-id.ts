/** The id of a vacancy route: absent, not a number above 0, or the number (SPEC section 5). */
export type VacancyIdParam = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'ok'; id: number };

export function parseVacancyId(raw: string | undefined): VacancyIdParam {
  if (raw === undefined || raw === '') return { kind: 'missing' };
  // Same bound as the server's idParam, so an id accepted here is never refused there as malformed.
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) return { kind: 'invalid' };
  return { kind: 'ok', id: Number(raw) };
}
