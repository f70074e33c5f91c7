import { MSG, vacancyServiceError } from '@app/shared/messages';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { vacancyIsOpen } from '@app/shared/vacancy-facts';
import type { Vacancy } from '@app/shared/schemas/vacancies';
import { ApiError } from '../../lib/api-client';
import { formatMediumDate } from '../../ui/public/format';

/** Texts of the vacancy screens that take a value: staff-only, so from BACK_OFFICE_MSG rather than MSG. */
export const vacancyText = {
  created: BACK_OFFICE_MSG.vacancyCreated,
  createFailed: BACK_OFFICE_MSG.vacancyCreateFailed,
  loadFailed: BACK_OFFICE_MSG.vacancyLoadFailed,
  updateFailed: BACK_OFFICE_MSG.vacancyUpdateFailed,
  reopened: BACK_OFFICE_MSG.vacancyReopened,
};

/**
 * The status line of the back-office cards and view: 'Status: Open', 'Status: Open until {date}',
 * 'Status: Closed', or 'Status: Closed (closing date {date} passed)' for an expired open vacancy.
 */
export function vacancyStatusText(v: Pick<Vacancy, 'status' | 'closingDate'>): string {
  // A calendar day: formatted at noon UTC so no zone moves it to another day.
  const day = v.closingDate ? formatMediumDate(`${v.closingDate}T12:00:00Z`) : '';
  if (v.status === 'closed') return BACK_OFFICE_MSG.vacancyStatusClosed;
  if (!vacancyIsOpen(v)) return BACK_OFFICE_MSG.vacancyStatusExpired(day);
  return v.closingDate ? BACK_OFFICE_MSG.vacancyStatusOpenUntil(day) : BACK_OFFICE_MSG.vacancyStatusOpen;
}

/**
 * The vacancy service's error text: 'Error: {message}' when the request never got an
 * answer, 'Server returned code: {status}, message: {message}' when the server refused it, else
 * 'An unknown error occurred!'. A field message, where the server gave one, is the better reason.
 */
export function serviceMessage(err: unknown): string {
  if (!(err instanceof ApiError))
    return err instanceof Error && err.message ? vacancyServiceError(0, err.message) : MSG.unknownError;
  return vacancyServiceError(err.status, err.errors?.[0]?.message ?? err.message);
}
