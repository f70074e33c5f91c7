import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SearchIcon } from '../../ui/admin/icons';
import { searchForm, type SearchForm } from '@app/shared/schemas/posts';
import { ROUTES, pathTo } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { ListPager } from '../../ui/admin/list-pager';
import { STAFF_POSTS_PAGE_SIZE, searchQuery } from './api/posts';
import { PostList } from './components/post-card';

export function SearchPostsPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(STAFF_POSTS_PAGE_SIZE);
  const results = useQuery({ ...searchQuery(keyword, page, pageSize), enabled: keyword !== '' });
  const { control, handleSubmit } = useForm<SearchForm, unknown, { keyword: string }>({
    resolver: zodResolver(searchForm),
    defaultValues: { keyword: '' },
  });

  // A new search starts at its first page.
  const onSubmit = handleSubmit((v) => {
    setKeyword(v.keyword);
    setPage(1);
  });
  const searching = keyword !== '' && results.isFetching;

  return (
    <AdminPage
      toolbarTitle="Post Management"
      heading="Search Posts"
      links={[{ label: 'Back to Dashboard', to: ROUTES.admin.path }]}
    >
      <Stack
        component="form"
        role="search"
        direction="row"
        spacing={1}
        onSubmit={onSubmit}
        noValidate
        sx={{ alignItems: 'flex-start', mb: 3 }}
      >
        <Controller
          name="keyword"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="keyword"
              label="Enter Keyword to Search"
              type="search"
              sx={{ flexGrow: 1 }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={searching} sx={{ height: 56 }}>
          Search
        </Button>
      </Stack>
      {searching && <Loading label="Searching..." />}
      {results.isError && <Alert severity="error">{MSG.searchFailed}</Alert>}
      {!searching && !results.isError && (results.data?.total ?? 0) === 0 && <Typography>{MSG.nothingHere}</Typography>}
      {results.data && results.data.total > 0 && (
        <>
          {results.data.more && <Typography role="status">{MSG.searchMoreMatches(results.data.total)}</Typography>}
          <PostList
            posts={results.data.items}
            actions={(p) => (
              <Button component={RouterLink} to={pathTo(ROUTES.viewPost, { id: p.id })}>
                View Post
              </Button>
            )}
          />
          <ListPager
            total={results.data.total}
            paging={{ page, pageSize }}
            onChange={(next) => {
              setPage(next.page);
              setPageSize(next.pageSize);
            }}
            label="Pages of search results"
          />
        </>
      )}
    </AdminPage>
  );
}
