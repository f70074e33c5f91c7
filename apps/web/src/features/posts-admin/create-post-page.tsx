import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { postForm, type PostForm, type PostInput } from '@app/shared/schemas/posts';
import { ROUTES } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { AdminPage } from '../../ui/admin/admin-page';
import { useNotify } from '../../ui/admin/notify';
import { profileQuery, useCreatePost } from './api/posts';
import { sessionCan } from '../../lib/guard';
import { PostFormFields } from './components/post-form-fields';
import { ImagePicker, type ChosenImage } from './components/image-picker';
import { wordsValid } from './components/image-words-fields';
import { serverReason } from '../../lib/api-client';

const empty: PostForm = { name: '', postedBy: '', content: '', tags: [] };

export function CreatePostPage() {
  const create = useCreatePost();
  // A contributor writes drafts only (decision 0145); the profile's name is the default byline.
  const mayPublish = sessionCan('posts:publish');
  const profile = useQuery(profileQuery);
  const notify = useNotify();
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [reason, setReason] = useState<string>();
  // Bumped after a create: the fields' own state (the tag being typed and its error, the editor
  // tab, the picker's refused files) is not form state, so reset() alone left it showing.
  const [generation, setGeneration] = useState(0);
  const { control, handleSubmit, reset, formState } = useForm<PostForm, unknown, PostInput>({
    resolver: zodResolver(postForm),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const fresh = (): PostForm => ({
    ...empty,
    postedBy: profile.data?.displayName ?? '',
    ...(mayPublish ? {} : { status: 'draft' }),
  });
  // Once the profile arrives the empty form starts with its name (an address typed meanwhile stays).
  useEffect(() => {
    if (!formState.isDirty) reset(fresh());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the profile or the role is known
  }, [profile.data, mayPublish]);

  const onSubmit = handleSubmit(
    (post) => {
      setReason(undefined);
      create.mutate(
        { post, uploads: images },
        {
          onSuccess: () => {
            notify(MSG.postCreated);
            reset(fresh());
            setImages([]);
            setGeneration((g) => g + 1);
          },
          onError: (err) => {
            notify(MSG.postCreateFailed, 'error');
            setReason(serverReason(err));
          },
        },
      );
    },
    () => notify(MSG.postFillRequired, 'error'),
  );

  const touched = Object.keys(formState.touchedFields).length > 0;
  return (
    <AdminPage
      toolbarTitle="Post Management"
      heading="Create Post"
      links={[{ label: 'Back to Posts', to: ROUTES.adminPosts.path }]}
      maxWidth="md"
    >
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label="Create post">
        <PostFormFields key={`fields-${generation}`} control={control} mayPublish={mayPublish} />
        <ImagePicker key={`images-${generation}`} label="Upload Images" images={images} onChange={setImages} />
        {reason && <Alert severity="error">{reason}</Alert>}
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending || !formState.isValid || !wordsValid(images)}
          aria-describedby="post-form-status"
        >
          Create New Post
        </Button>
        {/* Says why the button is disabled once the editor has started filling the form. */}
        <Typography id="post-form-status" variant="body2" color="error" role="status">
          {touched && !formState.isValid ? MSG.postFillRequired : ''}
        </Typography>
      </Stack>
    </AdminPage>
  );
}
