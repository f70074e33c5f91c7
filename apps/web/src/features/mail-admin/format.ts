import { formatDate } from '../../lib/dates';

/** Mail log dates in the spec's 'short' format. */
export const formatShort = (iso: string | null | undefined) => formatDate(iso, 'short');
/** Received-message dates: medium, with the time of arrival. */
export const formatMedium = (iso: string | null | undefined) => formatDate(iso, 'mediumTime');
