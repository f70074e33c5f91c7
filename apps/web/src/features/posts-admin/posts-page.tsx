import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MSG, confirmDelete } from '@app/shared/messages';
import { useConfirm } from '../../ui/admin/confirm-dialog';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { postsQuery, useDeletePost } from './api/posts';
import { PostList } from './components/post-card';

export function PostsPage() {
  const posts = useQuery(postsQuery);
  const remove = useDeletePost();
  const notify = useNotify();
  const [dismissed, setDismissed] = useState(false);
  const [confirm, dialog] = useConfirm();

  const onDelete = async (id: number, name: string) => {
    if (!(await confirm(confirmDelete('post', name)))) return;
    remove.mutate(id, {
      onSuccess: () => notify(MSG.postDeleted),
      onError: () => notify(MSG.postDeleteFailed, 'error'),
    });
  };

  return (
    <AdminPage
      toolbarTitle="Post Management"
      heading="Managing Posts"
      links={[
        { label: 'New Post', to: '/create-post' },
        { label: 'Search', to: '/search-by-name' },
        { label: 'Back to Dashboard', to: '/admin' },
      ]}
    >
      {dialog}
      {posts.isPending && <Loading label="Loading posts..." />}
      {posts.isError && !dismissed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setDismissed(true)}>
              Ok
            </Button>
          }
        >
          {MSG.postsListFailed}
        </Alert>
      )}
      {posts.data?.length === 0 && <Typography>No posts yet.</Typography>}
      {posts.data && (
        <PostList
          posts={posts.data}
          actions={(p) => (
            <>
              <Button component={RouterLink} to={`/view-post/${p.id}`}>
                View Post
              </Button>
              <Button
                color="error"
                onClick={() => void onDelete(p.id, p.name)}
                disabled={remove.isPending && remove.variables === p.id}
              >
                Delete Post
              </Button>
            </>
          )}
        />
      )}
    </AdminPage>
  );
}
