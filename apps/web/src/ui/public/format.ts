import { formatDate } from '../../lib/dates';

/**
 * Dates in the spec's 'medium' format (e.g. 'Nov 22, 2026'), from the product's one formatter; in
 * Dutch and French pages the language's medium format ('22 nov 2026', '22 nov. 2026').
 */
export const formatMediumDate = (iso: string, tag?: string) => formatDate(iso, 'medium', tag);

/** A count in the page language's format ('1,234' / '1.234' / '1 234'). */
export const formatNumber = (n: number, tag: string) => new Intl.NumberFormat(tag).format(n);

/** The date part (YYYY-MM-DD) of an ISO timestamp, for structured data. */
export const isoDate = (iso: string) => iso.slice(0, 10);
