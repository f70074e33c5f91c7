import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { createUserForm, type CreateUserForm } from '@app/shared/schemas/users';
import { ROUTES } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { USER_NOTICE_MS } from '@app/shared/constants';
import { AdminPage } from '../../ui/admin/admin-page';
import { FormTextField } from '../../ui/admin/form-text-field';
import { useNotify } from '../../ui/admin/notify';
import { ApiError } from '../../lib/api-client';
import { rolesQuery, useCreateUser } from './api/users';
import { useSavedRedirect } from './use-saved-redirect';

const empty: CreateUserForm = { email: '', password: '', confirmPassword: '', roleId: '' };

export function CreateUserPage() {
  const roles = useQuery(rolesQuery);
  const create = useCreateUser();
  const notify = useNotify();
  const savedRedirect = useSavedRedirect();
  const { control, handleSubmit, reset, formState } = useForm<CreateUserForm>({
    resolver: zodResolver(createUserForm),
    mode: 'onTouched',
    defaultValues: empty,
  });

  const onSubmit = handleSubmit((v) =>
    create.mutate(
      { email: v.email, password: v.password, roleIds: [Number(v.roleId)] },
      {
        onSuccess: () => {
          notify(MSG.userCreated, 'success', USER_NOTICE_MS);
          reset(empty);
          savedRedirect();
        },
        onError: (err) =>
          notify(
            err instanceof ApiError && err.status !== 0 && err.message ? err.message : MSG.userCreateFailed,
            'error',
            USER_NOTICE_MS,
          ),
      },
    ),
  );

  return (
    <AdminPage
      toolbarTitle="User Management"
      heading="Create User"
      links={[{ label: 'Back to Overview', to: ROUTES.overviewUsers.path }]}
      maxWidth="sm"
    >
      {roles.isError && <Alert severity="error">{MSG.rolesFailed}</Alert>}
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" required />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormTextField
          control={control}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormTextField control={control} name="roleId" select label="Role" required>
          {(roles.data ?? []).map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {r.name}
            </MenuItem>
          ))}
        </FormTextField>
        <Button type="submit" variant="contained" disabled={create.isPending || !formState.isValid}>
          Register
        </Button>
      </Stack>
    </AdminPage>
  );
}
