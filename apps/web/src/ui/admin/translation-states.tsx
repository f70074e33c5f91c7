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
    // A group, not a list: the cards it sits in are the list items of their screen.
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }} role="group" aria-label="Translations">
      {states.map(({ language, state }) => (
        <Chip
          key={language}
          size="small"
          variant="outlined"
          color={COLOUR[state]}
          label={`${language.toUpperCase()}: ${state}`}
        />
      ))}
    </Stack>
  );
}
