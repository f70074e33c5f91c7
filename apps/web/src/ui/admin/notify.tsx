import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import { NOTICE_MS } from '@app/shared/constants';

type Variant = 'success' | 'error' | 'info' | 'warning';
type Notify = (message: string, variant?: Variant, ms?: number) => void;
type Notice = { id: number; message: string; variant: Variant; ms: number };

/** At most this many notices show at once; a newer one pushes the oldest out. */
const MAX_NOTICES = 3;

const NotifyContext = createContext<Notify>(() => {});
let lastId = 0;

/**
 * Timed notices (3 s unless a screen says otherwise; docs/decisions/0001-alerts-as-in-page-notices.md),
 * stacked at the top centre: MUI's Snackbar times each (and pauses while hovered or the window is
 * in the background), its Alert carries role="alert" (docs/decisions/0102-qr-codes-notices-and-form-resolvers.md).
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const notify = useCallback<Notify>((message, variant = 'success', ms = NOTICE_MS) => {
    setNotices((shown) => [...shown, { id: ++lastId, message, variant, ms }].slice(-MAX_NOTICES));
  }, []);
  const close = (id: number) => setNotices((shown) => shown.filter((n) => n.id !== id));

  return (
    <NotifyContext value={notify}>
      {children}
      <Box
        sx={{
          position: 'fixed',
          top: { xs: 8, sm: 24 },
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 'snackbar',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          width: 'max-content',
          maxWidth: 'calc(100vw - 16px)',
          // The stack lets clicks through to the toolbar under it; only the notices take them.
          pointerEvents: 'none',
        }}
      >
        {notices.map((n) => (
          <Snackbar
            key={n.id}
            open
            autoHideDuration={n.ms}
            onClose={(_, reason) => {
              // A click elsewhere on the page does not dismiss a notice; its time running out does.
              if (reason !== 'clickaway') close(n.id);
            }}
            sx={{ position: 'static', transform: 'none', pointerEvents: 'auto' }}
          >
            <Alert severity={n.variant} variant="filled" sx={{ width: '100%' }}>
              {n.message}
            </Alert>
          </Snackbar>
        ))}
      </Box>
    </NotifyContext>
  );
}

/** Shows a timed notice: `notify(message, variant = 'success', ms = NOTICE_MS)`. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
