// Angular's 'medium' format in en-US: 'Sep 3, 2010, 12:05:08 PM'.
const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
export const formatMedium = (iso: string) => medium.format(new Date(iso));

/** '0.42 MB' */
export const formatMegabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

