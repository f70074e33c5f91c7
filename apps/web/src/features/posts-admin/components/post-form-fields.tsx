import { Controller, type Control } from 'react-hook-form';
import type { PostForm } from '@app/shared/schemas/posts';
import { FormTextField } from '../../../ui/admin/form-text-field';
import { TagsInput } from './tags-input';

type TextName = 'name' | 'postedBy' | 'content';
const LABELS: Record<TextName, string> = { name: 'Title', postedBy: 'Posted By', content: 'Content' };

/** Title, Posted By, Content and Tags of the create and edit forms. */
export function PostFormFields({ control }: { control: Control<PostForm> }) {
  const text = (name: TextName) => (
    <FormTextField
      control={control}
      name={name}
      label={LABELS[name]}
      required
      fullWidth
      multiline={name === 'content'}
      minRows={name === 'content' ? 8 : undefined}
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
