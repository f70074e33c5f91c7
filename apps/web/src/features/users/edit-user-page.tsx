import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { editUserForm, type EditUserForm } from '@app/shared/schemas/users';
import { ROUTES } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { USER_NOTICE_MS } from '@app/shared/constants';
import { parseId } from '@app/shared/ids';
import { AdminPage } from '../../ui/admin/admin-page';
import { FormTextField } from '../../ui/admin/form-text-field';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { ApiError, serverReason } from '../../lib/api-client';
import { ConfirmButton } from '../../ui/admin/confirm-button';
import { useResetTwoFactor, userQuery, useSignUserOutEverywhere, useUpdateUser } from './api/users';
import { useSavedRedirect } from './use-saved-redirect';

const empty: EditUserForm = { password: '', confirmPassword: '' };

export function EditUserPage() {
  const parsed = parseId(useParams().id);
  const id = parsed ?? 0;
  const [params] = useSearchParams();
  // The overview passes the user's role ids so the update keeps them.
  const roleIds = (params.get('roleIds') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const valid = parsed !== undefined;
  const user = useQuery({ ...userQuery(id), enabled: valid });
  const update = useUpdateUser(id);
  const signOut = useSignUserOutEverywhere(id);
  const resetTwoFactor = useResetTwoFactor(id);
  const notify = useNotify();
  const savedRedirect = useSavedRedirect();
  const { control, handleSubmit, reset, formState } = useForm<EditUserForm>({
    resolver: zodResolver(editUserForm),
    mode: 'onTouched',
    defaultValues: empty,
  });

  const onSubmit = handleSubmit((v) =>
    update.mutate(
      // Several roles (a user made by an earlier release) are kept by naming none.
      { email: user.data?.email, password: v.password, ...(roleIds.length === 1 ? { roleIds } : {}) },
      {
        onSuccess: () => {
          notify(MSG.userUpdated, 'success', USER_NOTICE_MS);
          reset(empty);
          savedRedirect();
        },
        onError: (err) =>
          notify(
            err instanceof ApiError && err.status !== 0 && err.message ? err.message : MSG.userUpdateFailed,
            'error',
            USER_NOTICE_MS,
          ),
      },
    ),
  );

  const sessionAction = (action: typeof signOut) => () =>
    action.mutate(undefined, {
      onSuccess: (res) => notify(res.message, 'success', USER_NOTICE_MS),
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error', USER_NOTICE_MS),
    });

  const notFound = !valid || (user.error instanceof ApiError && user.error.status === 404);
  return (
    <AdminPage
      toolbarTitle="User Management"
      heading="Change Password"
      links={[{ label: 'Back to Overview', to: ROUTES.overviewUsers.path }]}
      maxWidth="sm"
    >
      {valid && user.isPending && <Loading label="Loading user..." />}
      {notFound && <Alert severity="error">{MSG.userNotFound}</Alert>}
      {user.isError && !notFound && <Alert severity="error">{MSG.userLoadFailed}</Alert>}
      {user.data && (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <TextField id="email" label="Email" value={user.data.email} slotProps={{ input: { readOnly: true } }} />
          {(['password', 'confirmPassword'] as const).map((name) => (
            <FormTextField
              key={name}
              control={control}
              name={name}
              type="password"
              autoComplete="new-password"
              label={name === 'password' ? 'Password' : 'Confirm Password'}
              required
            />
          ))}
          <Button type="submit" variant="contained" disabled={update.isPending || !formState.isValid}>
            Update Password
          </Button>
        </Stack>
      )}
      {user.data && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          <ConfirmButton
            label="Sign out everywhere"
            title="Sign out everywhere?"
            question={`Every session of ${user.data.email} ends, on every device.`}
            confirmLabel="Sign out everywhere"
            color="warning"
            disabled={signOut.isPending}
            onConfirm={sessionAction(signOut)}
          />
          <ConfirmButton
            label="Reset two-factor"
            title="Reset two-factor sign-in?"
            question={`${user.data.email} signs in with the password alone until they set up two-factor sign-in again.`}
            confirmLabel="Reset two-factor"
            color="warning"
            disabled={resetTwoFactor.isPending}
            onConfirm={sessionAction(resetTwoFactor)}
          />
        </Stack>
      )}
    </AdminPage>
  );
}
