/** Mail log dates in the 'short' format, in the company's time zone. */
const short = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Brussels' });
/** Received-message dates in the spec's default 'medium' format. */
const medium = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Brussels',
});

const safe = (f: Intl.DateTimeFormat) => (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : f.format(d);
};

export const formatShort = safe(short);
export const formatMedium = safe(medium);
