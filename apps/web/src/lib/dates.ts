/**
 * The product's one date formatter. Every date is shown in the company's time zone
 * (Europe/Brussels), so the server render and every browser print the same text whatever their own
 * zone, and a message received at 00:30 in Antwerp is not dated the day before.
 * - 'medium': the spec's default, date only, e.g. 'Nov 22, 2026';
 * - 'mediumTime': medium date with the time, where the time matters (received messages);
 * - 'short': the mail log's format, e.g. '11/22/26, 3:05 PM'.
 * The audit trail's format, to the second, is its own (features/audit-admin): this module is in
 * every public page's first load, which has no room for a format only staff see.
 */
export type DateStyle = 'medium' | 'mediumTime' | 'short';

// The same zone as @app/shared/brussels, not imported from there: that moved 0.5 KB of it into the
// first load of /post and /tag, over the 110 KB budget (docs/decisions/0080-first-load-budget.md).
export const COMPANY_TIME_ZONE = 'Europe/Brussels';

const formats: Record<DateStyle, Intl.DateTimeFormat> = {
  medium: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: COMPANY_TIME_ZONE }),
  mediumTime: new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: COMPANY_TIME_ZONE,
  }),
  short: new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE }),
};

/** The public pages' medium dates in another language than English, by BCP 47 tag ('nl-BE': '22 nov 2026'). */
const localMedium = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO timestamp in the given style; empty for a missing value, the raw text for an unparsable
 * one. With a language tag other than English, the medium date in that language's own format.
 */
export function formatDate(iso: string | null | undefined, style: DateStyle = 'medium', tag?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (!tag || tag === 'en' || style !== 'medium') return formats[style].format(d);
  let format = localMedium.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: COMPANY_TIME_ZONE });
    localMedium.set(tag, format);
  }
  return format.format(d);
}
