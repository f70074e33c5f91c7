import { formatDate } from '../../lib/dates';

/** Dates in the spec's 'medium' format (e.g. 'Nov 22, 2026'), from the product's one formatter. */
export const formatMediumDate = (iso: string) => formatDate(iso, 'medium');

/** The date part (YYYY-MM-DD) of an ISO timestamp, for structured data. */
export const isoDate = (iso: string) => iso.slice(0, 10);
