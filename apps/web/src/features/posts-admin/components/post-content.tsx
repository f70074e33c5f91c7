import Typography from '@mui/material/Typography';

/** Post text as plain text (never HTML): blank lines separate paragraphs, single breaks are kept. */
export function PostContent({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <Typography key={i} component="p" sx={{ mb: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {p}
          </Typography>
        ))}
    </>
  );
}
