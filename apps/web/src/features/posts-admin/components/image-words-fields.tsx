import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { imageWords, type ImageWords } from '@app/shared/schemas/posts';

/** The first message the shared schema gives for one of the words, if any. */
function problem(words: ImageWords, field: keyof ImageWords): string | undefined {
  const result = imageWords.safeParse(words);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

/** True when every image's words pass the shared rules (the server checks the same). */
export const wordsValid = (all: ImageWords[]) => all.every((w) => imageWords.safeParse(w).success);

/**
 * Alt text and caption of one image, for a new upload and for a kept image alike. The labels name
 * the image, so a screen reader user knows which picture the field is about.
 */
export function ImageWordsFields({
  name,
  words,
  onChange,
}: {
  name: string;
  words: ImageWords;
  onChange: (words: ImageWords) => void;
}) {
  const altProblem = problem(words, 'alt');
  const captionProblem = problem(words, 'caption');
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <TextField
        size="small"
        label="Alt text"
        value={words.alt}
        onChange={(e) => onChange({ ...words, alt: e.target.value })}
        error={!!altProblem}
        helperText={
          altProblem ??
          (words.alt.trim()
            ? 'What the image shows, for those who cannot see it.'
            : 'Empty: screen readers will skip this image.')
        }
        slotProps={{ htmlInput: { 'aria-label': `Alt text for ${name}` } }}
      />
      <TextField
        size="small"
        label="Caption (optional)"
        value={words.caption}
        onChange={(e) => onChange({ ...words, caption: e.target.value })}
        error={!!captionProblem}
        helperText={captionProblem}
        slotProps={{ htmlInput: { 'aria-label': `Caption for ${name}` } }}
      />
    </Stack>
  );
}
