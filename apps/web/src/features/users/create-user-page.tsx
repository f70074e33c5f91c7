import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createUserForm, type CreateUserForm } from '@app/shared/schemas/users';
import { MSG } from '@app/shared/messages';
import { USER_NOTICE_MS } from '@app/shared/constants';
import { AdminPage } from '../../ui/admin/admin-page';
import { useNotify } from '../../ui/admin/notify';
import { ApiError } from '../../app/api-client';
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

  const field = (name: keyof CreateUserForm, label: string, type = 'text', autoComplete?: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          id={name}
          label={label}
          type={type}
          autoComplete={autoComplete}
          required
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <AdminPage
      toolbarTitle="User Management"
      heading="Create User"
      links={[{ label: 'Back to Overview', to: '/overview-user' }]}
      maxWidth="sm"
    >
      {roles.isError && <Alert severity="error">{MSG.rolesFailed}</Alert>}
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {field('email', 'Email', 'email', 'off')}
        {field('password', 'Password', 'password', 'new-password')}
        {field('confirmPassword', 'Confirm Password', 'password', 'new-password')}
        <Controller
          name="roleId"
          control={control}
          render={({ field: f, fieldState }) => (
            <TextField
              {...f}
              id="roleId"
              select
              label="Role"
              required
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {(roles.data ?? []).map((r) => (
                <MenuItem key={r.id} value={String(r.id)}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" disabled={create.isPending || !formState.isValid}>
          Register
        </Button>
      </Stack>
    </AdminPage>
  );
}
