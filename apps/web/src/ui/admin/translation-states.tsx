import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TranslationStates as States } from '@app/shared/schemas/translations';

const COLOUR = {
  source: 'default',
  published: 'success',
  outdated: 'warning',
  draft: 'info',
  missing: 'error',
} as const;

/** Each language's state of a post or vacancy at a glance: source, published, outdated, draft or missing. */
export function TranslationStates({ states }: { states: States | undefined }) {
  if (!states) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      component="ul"
      aria-label="Translations"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {states.map(({ language, state }) => (
        <li key={language}>
          <Chip size="small" variant="outlined" color={COLOUR[state]} label={`${language.toUpperCase()}: ${state}`} />
        </li>
      ))}
    </Stack>
  );
}
