import { MSG, vacancyServiceError } from '@app/shared/messages';
import { vacancyIsOpen } from '@app/shared/vacancy-facts';
import type { Vacancy } from '@app/shared/schemas/vacancies';
import { ApiError } from '../../lib/api-client';
import { formatMediumDate } from '../../ui/public/format';

/**
 * Texts of the vacancy screens that take a value. They are only used here, so they
 * live beside the screens rather than in the shared MSG.
 */
export const vacancyText = {
  created: (title: string) => `Your Vacature has been submitted: ${title}`,
  createFailed: (message: string) => `The form did not send the data correctly: ${message}`,
  loadFailed: (message: string) => `Error fetching the vacancy data: ${message}`,
  updateFailed: (message: string) => `Error updating the vacancy: ${message}`,
  reopened: 'The vacancy is open again.',
};

/**
 * The status line of the back-office cards and view: 'Status: Open', 'Status: Open until {date}',
 * 'Status: Closed', or 'Status: Closed (closing date {date} passed)' for an expired open vacancy.
 */
export function vacancyStatusText(v: Pick<Vacancy, 'status' | 'closingDate'>): string {
  // A calendar day: formatted at noon UTC so no zone moves it to another day.
  const day = v.closingDate ? formatMediumDate(`${v.closingDate}T12:00:00Z`) : '';
  if (v.status === 'closed') return 'Status: Closed';
  if (!vacancyIsOpen(v)) return `Status: Closed (closing date ${day} passed)`;
  return v.closingDate ? `Status: Open until ${day}` : 'Status: Open';
}

/**
 * The vacancy service's error text: 'Error: {message}' when the request never got an
 * answer, 'Server returned code: {status}, message: {message}' when the server refused it, else
 * 'An unknown error occurred!'. A field message, where the server gave one, is the better reason.
 */
export function serviceMessage(err: unknown): string {
  if (!(err instanceof ApiError))
    return err instanceof Error && err.message ? `Error: ${err.message}` : MSG.unknownError;
  return vacancyServiceError(err.status, err.errors?.[0]?.message ?? err.message);
}
