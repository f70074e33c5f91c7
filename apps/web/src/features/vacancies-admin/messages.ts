import { MSG, vacancyServiceError } from '@app/shared/messages';
import { ApiError } from '../../lib/api-client';

/**
 * Texts of the vacancy screens that take a value. They are only used here, so they
 * live beside the screens rather than in the shared MSG.
 */
export const vacancyText = {
  created: (title: string) => `Your Vacature has been submitted: ${title}`,
  createFailed: (message: string) => `The form did not send the data correctly: ${message}`,
  loadFailed: (message: string) => `Error fetching the vacancy data: ${message}`,
  updateFailed: (message: string) => `Error updating the vacancy: ${message}`,
};

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
