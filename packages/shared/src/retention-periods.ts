/**
 * How long candidates are kept, and the privacy text that says so (decision 0160). A module of its
 * own: constants.ts ships its every used export in the public pages' first load, while these are
 * read by the privacy page, the application form (both loaded later) and the server.
 */

/** CANDIDATE_RETENTION_MONTHS' default: a candidate who did not agree to be kept, after the rejection or the vacancy's close. */
export const CANDIDATE_RETENTION_MONTHS_DEFAULT = 6;

/**
 * How long a person who agreed to be kept for future vacancies is kept after their last
 * application (the consent checkbox and the default privacy text name it).
 */
export const CANDIDATE_CONSENT_MONTHS = 24;

/**
 * The privacy text as shown: '{days}' becomes the retention period of messages, '{months}' the one
 * of candidates (CANDIDATE_RETENTION_MONTHS).
 */
export const privacyTextFor = (
  text: string,
  days: number,
  months: number = CANDIDATE_RETENTION_MONTHS_DEFAULT,
): string => text.split('{days}').join(String(days)).split('{months}').join(String(months));
