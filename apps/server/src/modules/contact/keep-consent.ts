import { CANDIDATE_CONSENT_MONTHS } from '@app/shared/retention-periods';
import type { Locale } from '@app/shared/locales';
import { fillText } from '@app/shared/messages/fill-text';
import { loadTranslation } from '@app/shared/messages/translate';
import { KEEP_FOR_FUTURE_FIELD } from '@app/shared/schemas/candidates';

/**
 * The sentence the visitor agreed to when they ticked the application form's consent box, exactly
 * as the form showed it: in their language, with the months filled in. The pipeline stores it on
 * the applicant (applicants.keep_consent_text, decision 0160), so what was agreed stays known
 * when the catalogue's wording changes later.
 */
export async function keepConsentTextFor(locale: Locale, months: number = CANDIDATE_CONSENT_MONTHS): Promise<string> {
  return fillText((await loadTranslation(locale)).site.keepForFuture, { months });
}

/**
 * The consent a submission carries: the text agreed to, or null when the box was not ticked (only
 * 'yes' ticks it) or when the message is no application (no vacancy and no CV: it never becomes a
 * candidate, so there is nothing to keep).
 */
export async function keepConsentOf(
  fields: Record<string, string>,
  opts: { locale: Locale; application: boolean },
): Promise<string | null> {
  if (!opts.application || fields[KEEP_FOR_FUTURE_FIELD] !== 'yes') return null;
  return keepConsentTextFor(opts.locale);
}
