import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { MSG, confirmDelete } from '@app/shared/messages';
import { ROUTES, pathTo } from '@app/shared/routes';
import { useConfirm } from '../../ui/admin/confirm-dialog';
import type { Provider } from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { ApiError } from '../../lib/api-client';
import { FIRST_CARD_PAGE, type Paging } from '../../lib/list-paging';
import { ListPager } from '../../ui/admin/list-pager';
import { providersPageQuery, useDeleteProvider } from './api/mail';
import { Detail, enabled } from './components/detail';

/** /overview-provider: one page of cards at a time (decision 0143). */
export function OverviewProviderPage() {
  const [paging, setPaging] = useState<Paging>(FIRST_CARD_PAGE);
  const providers = useQuery(providersPageQuery(paging));
  return (
    <AdminPage
      toolbarTitle="Mail Providers"
      heading="Overview Provider"
      links={[
        { label: 'New Provider', to: ROUTES.newProvider.path },
        { label: 'Back to Overview Mailbox', to: ROUTES.overviewMailbox.path },
      ]}
    >
      {providers.isPending && <Loading label="Loading providers..." />}
      {providers.isError && <Alert severity="error">{MSG.providersFetchFailed}</Alert>}
      {providers.data?.total === 0 && <Alert severity="info">{MSG.noProviders}</Alert>}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0 }}>
        {providers.data?.items.map((p) => (
          <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <ProviderCard provider={p} />
          </Grid>
        ))}
      </Grid>
      {!!providers.data?.total && (
        <ListPager total={providers.data.total} paging={paging} onChange={setPaging} label="Pages of providers" />
      )}
    </AdminPage>
  );
}

function ProviderCard({ provider: p }: { provider: Provider }) {
  const remove = useDeleteProvider();
  const notify = useNotify();
  const [confirm, dialog] = useConfirm();
  const onDelete = async () => {
    if (!(await confirm(confirmDelete('provider', p.providerName)))) return;
    remove.mutate(p.id, {
      onSuccess: () => notify(MSG.providerDeleted, 'success'),
      // A provider still used by a mailbox: the server says which step comes first.
      onError: (err) =>
        notify(err instanceof ApiError && err.status === 409 ? err.message : MSG.providerDeleteFailed, 'error', 6000),
    });
  };
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      aria-label={p.providerName}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-all' }}>
          {p.providerName}
        </Typography>
        <Detail label="Mailbox Type" value={p.mailboxType} />
        <Detail label="Host" value={p.host} />
        <Detail label="Port" value={p.port} />
        <Detail label="Authentication" value={enabled(p.auth)} />
        <Detail label="StartTLS" value={enabled(p.starttlsEnable)} />
      </CardContent>
      {dialog}
      <CardActions>
        <Button component={RouterLink} to={pathTo(ROUTES.editProvider, { id: p.id })}>
          Edit Provider
        </Button>
        <Button color="error" onClick={() => void onDelete()} disabled={remove.isPending}>
          Delete Provider
        </Button>
      </CardActions>
    </Card>
  );
}
