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
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROUTES, pathTo } from '@app/shared/routes';
import { useConfirm } from '../../ui/admin/confirm-dialog';
import { EmailText } from '../../ui/admin/email-text';
import { USER_NOTICE_MS } from '@app/shared/constants';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { ApiError } from '../../lib/api-client';
import { FIRST_CARD_PAGE, type Paging } from '../../lib/list-paging';
import { ListPager } from '../../ui/admin/list-pager';
import { rolesQuery, useDeleteUser, usersQuery } from './api/users';
import { InvitationsList } from './invitations-list';

/** /overview-user: one page of cards at a time (decision 0143). */
export function OverviewUsersPage() {
  const [paging, setPaging] = useState<Paging>(FIRST_CARD_PAGE);
  const users = useQuery(usersQuery(paging));
  const roles = useQuery(rolesQuery);
  const remove = useDeleteUser();
  const notify = useNotify();

  const roleIdsOf = (names: string[]) =>
    names
      .map((n) => roles.data?.find((r) => r.name === n)?.id)
      .filter((id): id is number => id !== undefined)
      .join(',');

  const [confirm, dialog] = useConfirm();
  const onDelete = async (id: number, email: string) => {
    if (!(await confirm(confirmDelete('user', email)))) return;
    remove.mutate(id, {
      onSuccess: () => notify(MSG.userDeleted, 'success', USER_NOTICE_MS),
      // The server's reason (own account, last administrator) says more than the generic text.
      onError: (err) =>
        notify(
          err instanceof ApiError && err.status === 409 ? err.message : MSG.userDeleteFailed,
          'error',
          USER_NOTICE_MS,
        ),
    });
  };

  return (
    <AdminPage
      toolbarTitle="User Management"
      heading="All Users"
      links={[
        { label: 'New User', to: ROUTES.createUser.path },
        { label: 'Invite User', to: ROUTES.inviteUser.path },
        { label: 'Back to Dashboard', to: ROUTES.admin.path },
      ]}
    >
      {dialog}
      {users.isPending && <Loading label="Loading users..." />}
      {users.isError && <Alert severity="error">{MSG.usersLoadFailed}</Alert>}
      {users.data?.total === 0 && <Typography>{BACK_OFFICE_MSG.noUsersYet}</Typography>}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0 }}>
        {users.data?.items.map((u) => (
          <Grid key={u.userId} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }} aria-label={u.email}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  <EmailText email={u.email} />
                </Typography>
                <Typography color="text.secondary">{u.roles.length ? u.roles.join(', ') : MSG.noRoles}</Typography>
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={`${pathTo(ROUTES.editUser, { id: u.userId })}?roleIds=${roleIdsOf(u.roles)}`}
                >
                  Change Password
                </Button>
                <Button
                  color="error"
                  onClick={() => void onDelete(u.userId, u.email)}
                  disabled={remove.isPending && remove.variables === u.userId}
                >
                  Delete
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      {!!users.data?.total && (
        <ListPager total={users.data.total} paging={paging} onChange={setPaging} label="Pages of users" />
      )}
      <InvitationsList />
    </AdminPage>
  );
}
