import { formatDate } from '../../../lib/dates';

/** Post dates in the spec's 'medium' format ('Nov 22, 2026'), in the company's time zone. */
export const formatMedium = (iso: string) => formatDate(iso, 'medium');

/** '0.42 MB' */
export const formatMegabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
