import { MSG } from '@app/shared/messages';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ApiError } from '../../lib/api-client';

/**
 * The provider create failure: a duplicate (409) is 'Provider already exists!',
 * no answer at all is the network text, anything else names the server's message or status text.
 */
export function providerCreateError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 409) return MSG.providerExists;
    if (err.status === 0) return MSG.networkError;
    return BACK_OFFICE_MSG.providerCreateFailedWith(err.errors?.[0]?.message ?? err.message);
  }
  return BACK_OFFICE_MSG.providerCreateFailedWith(err instanceof Error ? err.message : String(err));
}
