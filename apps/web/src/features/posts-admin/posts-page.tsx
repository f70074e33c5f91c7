import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, confirmDelete } from '@app/shared/messages';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { sessionCan } from '../../lib/guard';
import { ROUTES, pathTo } from '@app/shared/routes';
import { useConfirm } from '../../ui/admin/confirm-dialog';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { ListPager } from '../../ui/admin/list-pager';
import { pageFromAddress, pageSizeFromAddress } from '../../lib/list-paging';
import { STAFF_POSTS_PAGE_SIZE, postsQuery, useDeletePost, type StaffPostFilter } from './api/posts';

const FILTERS = [
  ['all', 'All'],
  ['draft', 'Draft'],
  ['scheduled', 'Scheduled'],
  ['published', 'Published'],
  ['review', ROLES_MSG.submittedForReview],
] as const;
const isFilter = (value: string | null): value is Exclude<StaffPostFilter, undefined> =>
  value === 'draft' || value === 'scheduled' || value === 'published' || value === 'review';
import { PostList } from './components/post-card';
import { TranslationStates } from '../../ui/admin/translation-states';
import { DEFAULT_LOCALE, LOCALE_TABLE, LOCALES, isLocale } from '@app/shared/locales';

/**
 * /posts and /view-all: every post with its status, narrowed by ?status= (a shareable filter), a
 * page at a time (?page=, ?pageSize=).
 */
export function PostsPage() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const status = isFilter(raw) ? raw : undefined;
  const rawMissing = search.get('missing');
  const missing = isLocale(rawMissing) && rawMissing !== DEFAULT_LOCALE ? rawMissing : undefined;
  const page = pageFromAddress(search.get('page'));
  const pageSize = pageSizeFromAddress(search.get('pageSize'));
  const posts = useQuery(postsQuery(status, page, pageSize, missing));
  const total = posts.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  // The filter, page and page size in the address; a new filter or page size starts at page 1.
  const goTo = (
    next: { status?: string | undefined; missing?: string | undefined; page?: number; pageSize?: number },
    replace = false,
  ) => {
    const filter = 'status' in next ? next.status : status;
    const params = new URLSearchParams(filter ? { status: filter } : {});
    const lacking = 'missing' in next ? next.missing : missing;
    if (lacking) params.set('missing', lacking);
    const size = next.pageSize ?? pageSize;
    if (size !== STAFF_POSTS_PAGE_SIZE) params.set('pageSize', String(size));
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearch(params, { replace });
  };
  const remove = useDeletePost();
  const notify = useNotify();
  const [dismissed, setDismissed] = useState(false);
  const [confirm, dialog] = useConfirm();
  const mayPublish = sessionCan('posts:publish');

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
        { label: 'New Post', to: ROUTES.createPost.path },
        { label: 'Search', to: ROUTES.searchPosts.path },
        { label: 'Back to Dashboard', to: ROUTES.admin.path },
      ]}
    >
      <TextField
        select
        label="Status"
        id="status-filter"
        size="small"
        value={status ?? 'all'}
        onChange={(e) => goTo({ status: e.target.value === 'all' ? undefined : e.target.value }, true)}
        sx={{ mb: 2, minWidth: 200 }}
      >
        {FILTERS.map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Translation"
        id="missing-filter"
        size="small"
        value={missing ?? 'any'}
        onChange={(e) => goTo({ missing: e.target.value === 'any' ? undefined : e.target.value }, true)}
        sx={{ mb: 2, ml: 2, minWidth: 240 }}
      >
        <MenuItem value="any">Any</MenuItem>
        {LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => (
          <MenuItem key={l} value={l}>
            {`Waiting for ${LOCALE_TABLE[l].name}`}
          </MenuItem>
        ))}
      </TextField>
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
      {posts.data?.total === 0 && (
        <Typography>
          {status === 'review'
            ? ROLES_MSG.noPostsForReview
            : status
              ? BACK_OFFICE_MSG.noPostsWithStatus(status)
              : BACK_OFFICE_MSG.noPostsYet}
        </Typography>
      )}
      {posts.data && (
        <PostList
          posts={posts.data.items}
          actions={(p) => (
            <>
              <Button component={RouterLink} to={pathTo(ROUTES.viewPost, { id: p.id })}>
                View Post
              </Button>
              {mayPublish && (
                <Button component={RouterLink} to={pathTo(ROUTES.translatePost, { id: p.id })}>
                  Translate
                </Button>
              )}
              <TranslationStates states={p.translationStates} />
              {/* A contributor deletes only their drafts (the server lists only their own). */}
              {(mayPublish || p.status === 'draft') && (
                <Button
                  color="error"
                  onClick={() => void onDelete(p.id, p.name)}
                  disabled={remove.isPending && remove.variables === p.id}
                >
                  Delete Post
                </Button>
              )}
            </>
          )}
        />
      )}
      {!!total && (
        <ListPager
          total={total}
          paging={{ page, pageSize }}
          // Moving back from past the last page replaces the address rather than adding to history.
          onChange={(next) => goTo(next, next.page === lastPage && page > lastPage)}
          label="Pages of posts"
        />
      )}
    </AdminPage>
  );
}
