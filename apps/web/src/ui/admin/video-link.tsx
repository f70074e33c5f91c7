import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** An interview's video link as a line of its details, opened in a new tab (the meeting leaves the back office). */
export function VideoLink({ href }: { href: string }) {
  return (
    <Typography variant="body2">
      Video:{' '}
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {href}
      </Link>
    </Typography>
  );
}
