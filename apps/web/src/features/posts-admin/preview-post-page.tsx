import { ROUTES, pathTo } from '@app/shared/routes';
import { useEffect, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG } from '@app/shared/messages';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { parseId } from '@app/shared/ids';
import type { Post } from '@app/shared/schemas/posts';
import { ApiError } from '../../lib/api-client';
import { Loading } from '../../ui/admin/loading';
import { postQuery } from './api/posts';
import { formatMedium } from './components/format';

/** What the preview says about when the post goes public. */
const whenPublic = (post: Post) =>
  post.status === 'draft'
    ? 'This draft is not public.'
    : Date.parse(post.publishAt) > Date.now()
      ? `Scheduled for ${formatMedium(post.publishAt)}: not public yet.`
      : 'This post is published.';

/**
 * /preview-post/{id}: the post, draft or scheduled, exactly as its public page will render it
 * (`Frame` is the public layout and post component, handed over by the route composition), under a
 * bar that marks it as a preview. Read fresh from the staff API every time: never cached. The page
 * is a back-office route (guard, ROLE_ADMIN; the server shell says noindex).
 */
export function PreviewPostPage({ Frame }: { Frame: ComponentType<{ post: Post }> }) {
  const raw = useParams().id;
  const id = parseId(raw);
  const post = useQuery({ ...postQuery(id ?? 0), enabled: id !== undefined, staleTime: 0, refetchOnMount: 'always' });
  const p = post.data;

  useEffect(() => {
    if (p) document.title = BACK_OFFICE_MSG.backOfficeTitle(BACK_OFFICE_MSG.screenPreviewOf(p.name));
  }, [p]);

  if (id === undefined) return <Alert severity="error">{MSG.invalidPostId}</Alert>;
  if (post.isPending) return <Loading label="Loading post..." />;
  if (post.isError || !p)
    return (
      <Alert severity="error">
        {post.error instanceof ApiError && post.error.status === 404 ? MSG.postNotFound : MSG.postDetailFailed}
      </Alert>
    );
  return (
    <>
      <Frame post={p} />
      <Box
        component="aside"
        aria-label="Preview"
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 2000, boxShadow: 6 }}
      >
        <Alert
          severity="warning"
          variant="filled"
          sx={{ borderRadius: 0, alignItems: 'center' }}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" component={RouterLink} to={pathTo(ROUTES.editPost, { id: p.id })}>
                Edit Post
              </Button>
              <Button color="inherit" size="small" component={RouterLink} to={pathTo(ROUTES.viewPost, { id: p.id })}>
                Close Preview
              </Button>
            </Stack>
          }
        >
          Preview: this is how the post will look on the public site. {whenPublic(p)}
        </Alert>
      </Box>
    </>
  );
}
