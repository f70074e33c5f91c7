import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CloseIcon as Close } from '../../ui/admin/icons';
import { postForm, type Post, type PostForm, type PostInput } from '@app/shared/schemas/posts';
import { ROUTES, pathTo } from '@app/shared/routes';
import { imageSources } from '@app/shared/images';
import { MSG } from '@app/shared/messages';
import { parseId } from '@app/shared/ids';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { SaveFailure } from '../../ui/admin/save-failure';
import type { FlashState } from '../../lib/flash';
import { postQuery, useUpdatePost } from './api/posts';
import { sessionCan } from '../../lib/guard';
import { PostFormFields } from './components/post-form-fields';
import { ImagePicker, type ChosenImage } from './components/image-picker';
import { ImageWordsFields, wordsValid } from './components/image-words-fields';
import { ApiError, serverReason } from '../../lib/api-client';

/** /edit-post/{id} with optimistic locking on `version`. */
export function EditPostPage() {
  const id = parseId(useParams().id);
  const navigate = useNavigate();
  const post = useQuery({
    ...postQuery(id ?? 0),
    enabled: id !== undefined,
    // Always the stored version when the editor opens, and never swapped under their typing:
    // only opening the screen and 'Reload' fetch it.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // The form is mounted once the stored post has been read since opening, and again only on an
  // explicit Reload: the refetch that follows a successful save must not remount it (its save
  // callback, which says "updated" and leaves the screen, would never run).
  const [generation, setGeneration] = useState(0);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    await post.refetch();
    setReloading(false);
    setGeneration((g) => g + 1);
  };

  useEffect(() => {
    // An id that is not a number is reported and the editor sent to the root.
    if (id === undefined)
      void navigate(ROUTES.home.path, { replace: true, state: { notice: MSG.postEditInvalidId } satisfies FlashState });
  }, [id, navigate]);

  return (
    <AdminPage
      toolbarTitle="Post Management"
      heading="Edit Post"
      links={id ? [{ label: 'Back to Post', to: pathTo(ROUTES.viewPost, { id: id }) }] : []}
      maxWidth="md"
    >
      {id === undefined && <Alert severity="error">{MSG.postEditInvalidId}</Alert>}
      {post.isError && !post.isFetching && <Alert severity="error">{MSG.postFetchFailed}</Alert>}
      {id !== undefined &&
        !post.isError &&
        (post.data && post.isFetchedAfterMount && !reloading ? (
          // A reload mounts a fresh form with the latest texts, images and version.
          <EditPostForm key={generation} post={post.data} onReload={() => void reload()} />
        ) : (
          <Loading label="Loading form..." />
        ))}
    </AdminPage>
  );
}

/** The form, mounted once the post is there so its values are the defaults "changed" compares to. */
function EditPostForm({ post, onReload }: { post: Post; onReload: () => void }) {
  const update = useUpdatePost(post.id);
  const notify = useNotify();
  const navigate = useNavigate();
  const [uploads, setUploads] = useState<ChosenImage[]>([]);
  const [kept, setKept] = useState(() => post.postImages);
  const [failure, setFailure] = useState<{ text: string; stale: boolean }>();
  const { control, handleSubmit, formState } = useForm<PostForm, unknown, PostInput>({
    resolver: zodResolver(postForm),
    mode: 'onTouched',
    defaultValues: {
      name: post.name,
      postedBy: post.postedBy,
      content: post.content,
      tags: post.tags,
      status: post.status,
      publishAt: post.publishAt,
      slug: post.slug,
      language: post.language,
    },
  });

  const imagesChanged = uploads.length > 0 || kept.length !== post.postImages.length;
  const wordsChanged = kept.some((k) => {
    const stored = post.postImages.find((i) => i.imagePath === k.imagePath);
    return stored?.alt !== k.alt || stored.caption !== k.caption;
  });
  // A tag added or removed, files chosen, an image removed, an alt text or caption or a field edited.
  const changed = formState.isDirty || imagesChanged || wordsChanged;

  const onSubmit = handleSubmit(
    (values) => {
      setFailure(undefined);
      update.mutate(
        // The version the form was filled from: if someone saved since, the server answers 409.
        { post: values, version: post.version, uploads, keep: kept, imagesChanged },
        {
          onSuccess: () => {
            notify(MSG.postUpdated);
            void navigate(pathTo(ROUTES.viewPost, { id: post.id }));
          },
          onError: (err) => {
            // 409: someone saved in between. The server says to reload; what was typed stays.
            if (err instanceof ApiError && err.status === 409) return setFailure({ text: err.message, stale: true });
            notify(MSG.postUpdateFailed, 'error');
            const reason = serverReason(err);
            setFailure(reason ? { text: reason, stale: false } : undefined);
          },
        },
      );
    },
    () => notify(MSG.postFillRequired, 'error'),
  );

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label="Edit post">
      <PostFormFields control={control} mayPublish={sessionCan('posts:publish')} />
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Current Images
        </Typography>
        {kept.length === 0 ? (
          <Typography color="text.secondary">{MSG.noImages}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Current images"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
          >
            {kept.map((image, i) => {
              const { src, webp } = imageSources(image.imagePath);
              return (
                <Box
                  component="li"
                  key={image.imagePath}
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
                >
                  <Box sx={{ position: 'relative' }}>
                    <picture>
                      <source type="image/webp" srcSet={webp} />
                      <img
                        src={src}
                        alt={image.alt || `${post.name} (image ${i + 1})`}
                        width={image.width}
                        height={image.height}
                        style={{ width: 160, height: 'auto', maxHeight: 120, objectFit: 'contain', display: 'block' }}
                      />
                    </picture>
                    <IconButton
                      aria-label={`Remove image ${i + 1}`}
                      onClick={() => setKept(kept.filter((k) => k.imagePath !== image.imagePath))}
                      size="small"
                      sx={{
                        position: 'absolute',
                        top: 4,
                        right: 4,
                        bgcolor: 'background.paper',
                        '&:hover': { bgcolor: 'grey.200' },
                      }}
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  </Box>
                  <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                    <ImageWordsFields
                      name={`image ${i + 1}`}
                      words={image}
                      onChange={(words) =>
                        setKept(kept.map((k) => (k.imagePath === image.imagePath ? { ...k, ...words } : k)))
                      }
                    />
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
      <ImagePicker label="Upload New Images (Optional)" images={uploads} onChange={setUploads} />
      {failure && <SaveFailure text={failure.text} onReload={failure.stale ? onReload : undefined} />}
      <Stack direction="row" spacing={2}>
        <Button
          type="submit"
          variant="contained"
          disabled={update.isPending || !formState.isValid || !changed || !wordsValid([...kept, ...uploads])}
        >
          Update Post
        </Button>
        <Button component={RouterLink} to={pathTo(ROUTES.viewPost, { id: post.id })}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
