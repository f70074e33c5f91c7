import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { USER_REDIRECT_MS } from '@app/shared/constants';
import { ROUTES } from '@app/shared/routes';

/** After a user is saved the screen stays 2 s (so the notice is read), then goes to the overview. */
export function useSavedRedirect() {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => void navigate(ROUTES.overviewUsers.path), USER_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [saved, navigate]);
  return () => setSaved(true);
}
