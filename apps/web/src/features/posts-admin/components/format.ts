import { ApiError } from '../../../lib/api-client';

// Angular's 'medium' format in en-US: 'Sep 3, 2010, 12:05:08 PM'.
const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
export const formatMedium = (iso: string) => medium.format(new Date(iso));

/** '0.42 MB' */
export const formatMegabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

/**
 * What the server said about a refused request (a field message where it has one), e.g. why an
 * upload is not an image; undefined for failures it did not explain (network, 5xx).
 */
export function serverReason(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return undefined;
  return err.errors?.[0]?.message ?? (err.message || undefined);
}
