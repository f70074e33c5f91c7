import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { inviteForm, type InviteForm } from '@app/shared/schemas/account-links';
import { ACCOUNT_LINKS_MSG } from '@app/shared/messages/account-links';
import { ROUTES } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { USER_NOTICE_MS } from '@app/shared/constants';
import { AdminPage } from '../../ui/admin/admin-page';
import { FormTextField } from '../../ui/admin/form-text-field';
import { useNotify } from '../../ui/admin/notify';
import { ApiError } from '../../lib/api-client';
import { rolesQuery } from './api/users';
import { mailWorksQuery, useInvite } from './api/invitations';
import { useSavedRedirect } from './use-saved-redirect';

const empty: InviteForm = { email: '', roleId: '' };

/**
 * /invite-user: an administrator invites a person by address and role (the server's list of
 * roles); the person chooses their own password through the mailed link, so no password here.
 */
export function InviteUserPage() {
  const roles = useQuery(rolesQuery);
  const invite = useInvite();
  const mailWorks = useQuery(mailWorksQuery);
  const notify = useNotify();
  const savedRedirect = useSavedRedirect();
  const { control, handleSubmit, reset, formState } = useForm<InviteForm>({
    resolver: zodResolver(inviteForm),
    mode: 'onTouched',
    defaultValues: empty,
  });

  const onSubmit = handleSubmit((v) =>
    invite.mutate(
      { email: v.email, roleId: Number(v.roleId) },
      {
        onSuccess: (sent) => {
          notify(ACCOUNT_LINKS_MSG.invitationSent(sent.email), 'success', USER_NOTICE_MS);
          reset(empty);
          savedRedirect();
        },
        onError: (err) =>
          notify(
            err instanceof ApiError && err.status !== 0 && err.message
              ? err.message
              : ACCOUNT_LINKS_MSG.invitationFailed,
            'error',
            USER_NOTICE_MS,
          ),
      },
    ),
  );

  return (
    <AdminPage
      toolbarTitle="User Management"
      heading={ACCOUNT_LINKS_MSG.inviteTitle}
      links={[{ label: 'Back to Overview', to: ROUTES.overviewUsers.path }]}
      maxWidth="sm"
    >
      {roles.isError && <Alert severity="error">{MSG.rolesFailed}</Alert>}
      {mailWorks.data === false && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {ACCOUNT_LINKS_MSG.invitationWaitsForMailbox}
        </Alert>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {ACCOUNT_LINKS_MSG.inviteHint}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" required />
        <FormTextField control={control} name="roleId" select label="Role" required>
          {(roles.data ?? []).map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {r.name}
            </MenuItem>
          ))}
        </FormTextField>
        <Button type="submit" variant="contained" disabled={invite.isPending || !formState.isValid}>
          Send invitation
        </Button>
      </Stack>
    </AdminPage>
  );
}
