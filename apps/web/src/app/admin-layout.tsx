import { useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { adminTheme } from '../ui/admin/theme';
import { NoticeProvider } from '../ui/admin/notify';
import { checkAccess } from '../lib/guard';
import { handleSessionEnded } from '../lib/api-client';
import type { RouteHandle } from '../lib/meta';
import type { FlashState } from '../lib/flash';

/** The back office: its guard, theme, notices and data cache. Loaded lazily, never on public pages. */
export function AdminLayout() {
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const requiredCapability = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.requiredCapability)
    .find(Boolean);
  const [allowed, setAllowed] = useState(false);
  // Set once a 401 has ended the session and sent the user to sign in with a notice: the guard
  // below must not run again on the way out (a new `navigate` re-runs it) and replace that move
  // with one that has no notice.
  const sessionEnded = useRef(false);
  const queryClient = useMemo(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } }),
    [],
  );

  // A 401 from any back-office call lands here (lib/api-client.ts): cached data of the old session
  // goes, and the login page says why.
  useEffect(() => {
    handleSessionEnded((to, notice) => {
      sessionEnded.current = true;
      queryClient.clear();
      setAllowed(false);
      void navigate(to, { replace: true, state: { notice } satisfies FlashState });
    });
    return () => handleSessionEnded(undefined);
  }, [navigate, queryClient]);

  useEffect(() => {
    if (sessionEnded.current) return;
    const outcome = checkAccess(requiredCapability, `${location.pathname}${location.search}`);
    if (outcome.allow) return setAllowed(true);
    setAllowed(false);
    if (outcome.error) console.error(`Access denied: ${outcome.error}`);
    void navigate(outcome.to, {
      replace: true,
      state: outcome.notice ? ({ notice: outcome.notice } satisfies FlashState) : null,
    });
  }, [requiredCapability, location.pathname, location.search, navigate]);

  if (!allowed) return null;
  return (
    <ThemeProvider theme={adminTheme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NoticeProvider>
          <Outlet />
        </NoticeProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
