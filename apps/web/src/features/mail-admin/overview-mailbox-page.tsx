import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, confirmDelete } from '@app/shared/messages';
import { ROUTES, pathTo } from '@app/shared/routes';
import { useConfirm } from '../../ui/admin/confirm-dialog';
import { EmailText } from '../../ui/admin/email-text';
import type { MailboxListItem } from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { MailHealthNotice } from './components/mail-health-notice';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { FIRST_CARD_PAGE, type Paging } from '../../lib/list-paging';
import { ListPager } from '../../ui/admin/list-pager';
import { mailboxesQuery, providersPageQuery, useDeleteMailbox, useTestMailbox } from './api/mail';
import { Detail, enabled } from './components/detail';
import { serverReason } from '../../lib/api-client';

/** /overview-mailbox, plus 'Send test mail' and the Messages link (beyond the spec); one page of cards at a time. */
export function OverviewMailboxPage() {
  const [paging, setPaging] = useState<Paging>(FIRST_CARD_PAGE);
  const mailboxes = useQuery(mailboxesQuery(paging));
  // Checked so staff learn early that a mailbox needs a provider ('Error checking providers'):
  // one row says as much as all of them.
  const providers = useQuery(providersPageQuery({ page: 1, pageSize: 1 }));

  return (
    <AdminPage
      toolbarTitle="Overview Mailboxes"
      heading="Overview Mailboxes"
      links={[
        { label: 'Mail Log', to: ROUTES.mailLog.path },
        { label: 'New Mailbox', to: ROUTES.newMailbox.path },
        { label: 'Overview Provider', to: ROUTES.overviewProvider.path },
        { label: 'Messages', to: ROUTES.messages.path },
        { label: 'Back to Dashboard', to: ROUTES.admin.path },
      ]}
    >
      <MailHealthNotice linkToMessages />
      {mailboxes.isPending && <Loading label="Loading mailboxes..." />}
      {mailboxes.isError && <Alert severity="error">{MSG.mailboxesFetchFailed}</Alert>}
      {providers.isError && <Alert severity="error">{MSG.providersCheckFailed}</Alert>}
      {mailboxes.data?.total === 0 && <Alert severity="info">{MSG.noMailboxes}</Alert>}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0 }}>
        {mailboxes.data?.items.map((m) => (
          <Grid key={m.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <MailboxCard mailbox={m} />
          </Grid>
        ))}
      </Grid>
      {!!mailboxes.data?.total && (
        <ListPager total={mailboxes.data.total} paging={paging} onChange={setPaging} label="Pages of mailboxes" />
      )}
    </AdminPage>
  );
}

function MailboxCard({ mailbox: m }: { mailbox: MailboxListItem }) {
  const remove = useDeleteMailbox();
  const test = useTestMailbox();
  const notify = useNotify();
  const title = m.username || m.host;

  const [confirm, dialog] = useConfirm();
  const onDelete = async () => {
    if (!(await confirm(confirmDelete('mailbox', title)))) return;
    remove.mutate(m.id, {
      // The server's text is the success message.
      onSuccess: (res) => notify(typeof res === 'string' ? res : (res?.message ?? MSG.mailboxDeleted), 'success'),
      onError: () => notify(MSG.mailboxDeleteFailed, 'error'),
    });
  };

  const onTest = () =>
    test.mutate(m.id, {
      onSuccess: (res) => notify(res.message, res.ok ? 'success' : 'error', 6000),
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error', 8000),
    });

  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} aria-label={title}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          <EmailText email={title} />
        </Typography>
        <Stack direction="row" spacing={1} sx={{ my: 1 }}>
          {m.active && <Chip label="ACTIVE" color="success" size="small" />}
          <Chip label={m.type} color={m.type === 'PROD' ? 'primary' : 'default'} size="small" />
        </Stack>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {m.providerName} ({m.host})
        </Typography>
        <Detail label="Port" value={m.port} />
        <Detail label="Authentication" value={enabled(m.auth)} />
        <Detail label="StartTLS" value={enabled(m.starttlsEnable)} />
        <Detail label="Username" value={m.username} />
        <Detail label="Active" value={m.active ? 'Yes' : 'No'} />
      </CardContent>
      {dialog}
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={pathTo(ROUTES.editMailbox, { id: m.id })}>
          Edit
        </Button>
        <Button color="error" onClick={() => void onDelete()} disabled={remove.isPending}>
          Delete
        </Button>
        <Button onClick={onTest} disabled={test.isPending}>
          {test.isPending ? 'Sending...' : 'Send test mail'}
        </Button>
      </CardActions>
    </Card>
  );
}
