import Button, { type ButtonProps } from '@mui/material/Button';
import { useConfirm } from './confirm-dialog';

/** A button whose action runs only after the person confirms it in the one confirmation dialog. */
export function ConfirmButton({
  label,
  title,
  question,
  confirmLabel,
  onConfirm,
  disabled,
  color = 'primary',
  variant = 'outlined',
}: {
  label: string;
  title: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
}) {
  const [confirm, dialog] = useConfirm();
  return (
    <>
      <Button
        variant={variant}
        color={color}
        disabled={disabled}
        onClick={() => void confirm({ title, text: question, confirmLabel }).then((ok) => ok && onConfirm())}
      >
        {label}
      </Button>
      {dialog}
    </>
  );
}
