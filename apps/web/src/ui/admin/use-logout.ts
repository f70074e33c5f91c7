import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@app/shared/messages';
import { ROUTES } from '@app/shared/routes';
import { apiFetch } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import type { FlashState } from '../../lib/flash';
import { API } from '@app/shared/api-paths';

/**
 * Revoke the token on the server (docs/security.md), then clear the stored user, say so for 3 s
 * and go to the home page. The local part happens whatever the server answers: a person who
 * presses Log Out is out of this browser even when the network is not there.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await apiFetch(API.logout, { method: 'POST', endsSession: true }).catch(() => undefined);
    clearSession();
    await navigate(ROUTES.home.path, { state: { notice: MSG.loggedOut } satisfies FlashState });
  }, [navigate]);
}
