import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { NOTICE_MS } from '@app/shared/constants';

/** Timed notices (3 s unless a screen says otherwise; docs/decisions/0001-alerts-as-in-page-notices.md). */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (message: string, variant: 'success' | 'error' | 'info' | 'warning' = 'success', ms: number = NOTICE_MS) =>
      enqueueSnackbar(message, { variant, autoHideDuration: ms }),
    [enqueueSnackbar],
  );
}
