import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * Why a save was refused, under an edit form. With `onReload` (the save was refused with 409: someone
 * saved in between) it offers to load the stored version into the form; what was typed stays until then.
 */
export function SaveFailure({ text, onReload }: { text: string; onReload?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onReload ? (
          <Button color="inherit" size="small" onClick={onReload}>
            Reload
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
