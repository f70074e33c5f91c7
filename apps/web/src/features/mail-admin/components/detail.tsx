import Typography from '@mui/material/Typography';

export const enabled = (on: boolean) => (on ? 'Enabled' : 'Disabled');

/** One 'Label: value' line of a mailbox or provider card. */
export function Detail({ label, value }: { label: string; value: string | number }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {value}
    </Typography>
  );
}
