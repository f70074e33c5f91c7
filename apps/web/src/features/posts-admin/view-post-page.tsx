import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MSG } from '@app/shared/messages';
import { ROUTES, pathTo } from '@app/shared/routes';
import { parseId } from '@app/shared/ids';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { ApiError } from '../../lib/api-client';
import { postQuery, useRequestReview } from './api/posts';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { sessionCan } from '../../lib/guard';
import { useNotify } from '../../ui/admin/notify';
import { serverReason } from '../../lib/api-client';
import { ImageCarousel } from './components/image-carousel';
import { PostContent } from './components/post-content';
import { formatMedium } from './components/format';

export function ViewPostPage() {
  const raw = useParams().id;
  const id = parseId(raw);
  const post = useQuery({ ...postQuery(id ?? 0), enabled: id !== undefined });
  const p = post.data;
  const review = useRequestReview(id ?? 0);
  const notify = useNotify();
  const mayPublish = sessionCan('posts:publish');
  const submit = () =>
    review.mutate(undefined, {
      onSuccess: () => notify(ROLES_MSG.postSubmittedForReview, 'success'),
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
    });

  return (
    <AdminPage
      toolbarTitle="Post Management"
      heading={p?.name ?? 'View Post'}
      links={[{ label: 'Back to Posts', to: ROUTES.adminPosts.path }]}
      maxWidth="md"
    >
      {!raw && <Alert severity="error">{MSG.postIdMissing}</Alert>}
      {raw && id === undefined && <Alert severity="error">{MSG.invalidPostId}</Alert>}
      {id !== undefined && post.isPending && <Loading label="Loading post..." />}
      {post.isError && (
        <Alert severity="error">
          {post.error instanceof ApiError && post.error.status === 404 ? MSG.postNotFound : MSG.postDetailFailed}
        </Alert>
      )}
      {p && (
        <Box component="article">
          <Typography color="text.secondary" gutterBottom>
            Posted By: {p.postedBy} | Posted On: {formatMedium(p.date)}
          </Typography>
          {p.status === 'draft' && (
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="post-status" role="status">
              {p.reviewRequestedAt ? `Status: Draft, ${ROLES_MSG.submittedForReview.toLowerCase()}` : 'Status: Draft'}
            </Typography>
          )}
          <Box sx={{ my: 2 }}>
            <ImageCarousel images={p.postImages} alt={p.name} />
          </Box>
          <PostContent text={p.content} />
          {p.tags.length > 0 && (
            <Box
              component="ul"
              aria-label="Tags"
              sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, p: 0 }}
            >
              {p.tags.map((t) => (
                <li key={t}>
                  <Chip label={t} />
                </li>
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
            {(mayPublish || p.status === 'draft') && (
              <Button variant="contained" component={RouterLink} to={pathTo(ROUTES.editPost, { id: p.id })}>
                Edit Post
              </Button>
            )}
            {p.status === 'draft' && !p.reviewRequestedAt && (
              <Button variant="outlined" onClick={submit} disabled={review.isPending}>
                {ROLES_MSG.submitForReview}
              </Button>
            )}
            <Button variant="outlined" component={RouterLink} to={pathTo(ROUTES.previewPost, { id: p.id })}>
              Preview
            </Button>
          </Box>
        </Box>
      )}
    </AdminPage>
  );
}
