import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmRequest {
  /** The dialog's title, e.g. "Delete post?". */
  title: string;
  /** Names the item, so the editor sees what goes: `"Team day" will be deleted for good.` */
  text: string;
  /** The button that goes ahead, e.g. "Delete". */
  confirmLabel: string;
}

/**
 * One question before an action that cannot be undone (delete). MUI's Dialog is modal: focus
 * moves into it (to Cancel, the safe choice), stays there, Escape or a click outside cancels, and
 * focus returns to the button that opened it.
 *
 * `const [confirm, dialog] = useConfirm();` — render `dialog`, then `if (await confirm({...})) …`.
 */
export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const [request, setRequest] = useState<ConfirmRequest>();
  // Kept apart from the request so the texts stay while the dialog fades out.
  const [open, setOpen] = useState(false);
  const resolver = useRef<(ok: boolean) => void>(undefined);
  const titleId = useId();
  const textId = useId();

  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        // A second request while one is open answers the first with "no".
        resolver.current?.(false);
        resolver.current = resolve;
        setRequest(next);
        setOpen(true);
      }),
    [],
  );
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setOpen(false);
  };

  const dialog = (
    <Dialog
      open={open}
      onClose={() => close(false)}
      aria-labelledby={titleId}
      aria-describedby={textId}
      role="alertdialog"
    >
      <DialogTitle id={titleId}>{request?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          {request?.text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={() => close(false)}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => close(true)}>
          {request?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return [confirm, dialog];
}
