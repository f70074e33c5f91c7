import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { CancelIcon } from '../../../ui/admin/icons';
import { tagsField } from '@app/shared/schemas/posts';

const HINT = 'Type a tag and press Enter.';

/**
 * Tags as chips: Enter adds the typed tag instead of submitting the form, a chip's
 * delete button removes it, and a tag the list refuses (duplicate, too long, too many) is not added
 * and its reason shown. The rules are the shared tagsField, so the server agrees.
 */
export function TagsInput({
  value,
  onChange,
  onBlur,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const add = () => {
    const tag = text.trim();
    if (!tag) return;
    const next = [...value, tag];
    const parsed = tagsField.safeParse(next);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message);
    onChange(next);
    setText('');
    setProblem(undefined);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    add();
  };

  return (
    <Box>
      <TextField
        id="tags"
        label="Tags"
        fullWidth
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        error={!!problem}
        helperText={problem ?? HINT}
      />
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label="Selected tags"
          sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, mt: 1, mb: 0 }}
        >
          {value.map((tag) => (
            <li key={tag}>
              <Chip
                label={tag}
                onDelete={() => onChange(value.filter((t) => t !== tag))}
                // The chip itself is focusable and removed with Delete or Backspace; the icon is for the mouse.
                deleteIcon={<CancelIcon titleAccess={`Remove tag ${tag}`} />}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
