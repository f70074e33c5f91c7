import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@app/shared/messages';
import { clearSession } from '../../lib/session';
import type { FlashState } from '../../lib/flash';

/** Clear the stored user, say so for 3 s, go to the home page. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession();
    void navigate('/', { state: { notice: MSG.loggedOut } satisfies FlashState });
  }, [navigate]);
}
