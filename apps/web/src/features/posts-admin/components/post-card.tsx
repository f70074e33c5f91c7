import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { PostListItem } from '@app/shared/schemas/posts';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { ImageCarousel } from './image-carousel';
import { formatMedium } from './format';

/** Draft, Scheduled (published with a future time) or Published: what staff need to know at a glance. */
const statusLabel = (post: PostListItem) =>
  post.status === 'draft'
    ? post.reviewRequestedAt
      ? `Status: Draft, ${ROLES_MSG.submittedForReview.toLowerCase()}`
      : 'Status: Draft'
    : Date.parse(post.publishAt) > Date.now()
      ? `Status: Scheduled for ${formatMedium(post.publishAt)}`
      : 'Status: Published';

/** A post in a list, as on the public overview: title, byline, images, the first 600 characters. */
export function PostCard({ post, actions }: { post: PostListItem; actions: ReactNode }) {
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`post-${post.id}-title`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography
          id={`post-${post.id}-title`}
          variant="h5"
          component="h2"
          gutterBottom
          sx={{ overflowWrap: 'anywhere' }}
        >
          {post.name}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          Posted By: {post.postedBy} | Posted On: {formatMedium(post.date)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="post-status">
          {statusLabel(post)}
        </Typography>
        <ImageCarousel images={post.postImages} alt={post.name} maxHeight={320} />
        <Typography sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{post.preview}</Typography>
      </CardContent>
      <CardActions>{actions}</CardActions>
    </Card>
  );
}

/** Cards in a responsive list. */
export function PostList({ posts, actions }: { posts: PostListItem[]; actions: (post: PostListItem) => ReactNode }) {
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      {posts.map((p) => (
        <li key={p.id}>
          <PostCard post={p} actions={actions(p)} />
        </li>
      ))}
    </Box>
  );
}
