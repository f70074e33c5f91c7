import { ROUTES } from '@app/shared/routes';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { changePasswordForm, type ChangePasswordForm } from '@app/shared/schemas/auth';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { AdminPage } from '../../ui/admin/admin-page';
import { FormTextField } from '../../ui/admin/form-text-field';
import { useNotify } from '../../ui/admin/notify';
import { ApiError, serverReason } from '../../lib/api-client';
import { saveSession } from '../../lib/session';
import { useChangePassword } from './api/account';

const empty: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** What the login page passes when the password was generated and must be replaced first. */
export interface ChangePasswordState {
  required?: boolean;
  /** Where to go afterwards (the returnUrl or the role's landing page). */
  next?: string;
}

const LABELS: Record<keyof ChangePasswordForm, [string, string]> = {
  currentPassword: ['Current Password', 'current-password'],
  newPassword: ['New Password', 'new-password'],
  confirmPassword: ['Confirm New Password', 'new-password'],
};

/** One's own password; also the first sign-in's forced change after a generated password. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as ChangePasswordState;
  const change = useChangePassword();
  const notify = useNotify();
  const { control, handleSubmit, setError, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    mode: 'onTouched',
    defaultValues: empty,
  });

  const onSubmit = handleSubmit((v) =>
    change.mutate(
      { currentPassword: v.currentPassword, newPassword: v.newPassword },
      {
        onSuccess: (res) => {
          // The change revoked every older token, this session's too: it goes on with the new one.
          saveSession(res.user);
          notify(STAFF_MSG.passwordChanged, 'success');
          void navigate(
            res.twoFactorSetupRequired ? ROUTES.accountSecurity.path : (state.next ?? res.redirect ?? ROUTES.home.path),
            {
              replace: true,
            },
          );
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.errors : [];
          for (const f of fields ?? []) {
            if (f.field in empty) setError(f.field as keyof ChangePasswordForm, { message: f.message });
          }
          if (!fields?.length) notify(serverReason(err) ?? MSG.networkError, 'error');
        },
      },
    ),
  );

  return (
    <AdminPage toolbarTitle="Account" heading="Change Password" maxWidth="sm">
      {state.required && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_MSG.passwordChangeRequired}
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {(Object.keys(LABELS) as (keyof ChangePasswordForm)[]).map((name) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            type="password"
            autoComplete={LABELS[name][1]}
            label={LABELS[name][0]}
            required
          />
        ))}
        <Button type="submit" variant="contained" disabled={change.isPending || !formState.isValid}>
          Change Password
        </Button>
      </Stack>
    </AdminPage>
  );
}
