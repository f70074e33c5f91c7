import { Controller, type Control } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import type { PostForm } from '@app/shared/schemas/posts';
import { TagsInput } from './tags-input';

type TextName = 'name' | 'postedBy' | 'content';
const LABELS: Record<TextName, string> = { name: 'Title', postedBy: 'Posted By', content: 'Content' };

/** Title, Posted By, Content and Tags of the create and edit forms (SPEC sections 2 and 5). */
export function PostFormFields({ control }: { control: Control<PostForm> }) {
  const text = (name: TextName) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id={name}
          label={LABELS[name]}
          required
          fullWidth
          multiline={name === 'content'}
          minRows={name === 'content' ? 8 : undefined}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <>
      {text('name')}
      {text('postedBy')}
      {text('content')}
      <Controller
        name="tags"
        control={control}
        render={({ field }) => <TagsInput value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />}
      />
    </>
  );
}
