/**
 * Dates in the spec's 'medium' format (e.g. 'Nov 22, 2026'). The time zone is fixed so the server
 * render and the browser produce the same text (no hydration mismatch around midnight).
 */
const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'Europe/Brussels' });

export function formatMediumDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : medium.format(d);
}

/** The date part (YYYY-MM-DD) of an ISO timestamp, for structured data. */
export const isoDate = (iso: string) => iso.slice(0, 10);
