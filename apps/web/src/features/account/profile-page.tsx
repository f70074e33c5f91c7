import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@app/shared/routes';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { profileForm, type ProfileForm } from '@app/shared/schemas/profile';
import { AdminPage } from '../../ui/admin/admin-page';
import { FormTextField } from '../../ui/admin/form-text-field';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { ApiError, serverReason } from '../../lib/api-client';
import { sessionCan } from '../../lib/guard';
import { profileQuery, useSaveProfile } from './api/profile';

/** /profile: every staff member's display name, the default "Posted By" of the posts they write. */
export function ProfilePage() {
  const profile = useQuery(profileQuery);
  const save = useSaveProfile();
  const notify = useNotify();
  const { control, handleSubmit, setError, reset } = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    mode: 'onTouched',
    defaultValues: { displayName: '' },
  });
  useEffect(() => {
    if (profile.data) reset({ displayName: profile.data.displayName });
  }, [profile.data, reset]);

  const onSubmit = handleSubmit((v) =>
    save.mutate(v, {
      onSuccess: () => notify(ROLES_MSG.profileSaved, 'success'),
      onError: (err) => {
        const fields = err instanceof ApiError ? (err.errors ?? []) : [];
        for (const f of fields) if (f.field === 'displayName') setError('displayName', { message: f.message });
        if (!fields.length) notify(serverReason(err) ?? ROLES_MSG.profileSaveFailed, 'error');
      },
    }),
  );

  const back = sessionCan('personnel') ? ROUTES.personel.path : ROUTES.admin.path;
  return (
    <AdminPage
      toolbarTitle="Account"
      heading="Profile"
      maxWidth="sm"
      links={[{ label: 'Back to Dashboard', to: back }]}
    >
      {profile.isPending && <Loading label="Loading your profile..." />}
      {profile.isError && <Alert severity="error">{ROLES_MSG.profileLoadFailed}</Alert>}
      {profile.data && (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label="Profile">
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            Signed in as <strong>{profile.data.email}</strong> ({profile.data.roles.join(', ')})
          </Typography>
          <FormTextField
            control={control}
            name="displayName"
            label="Display name"
            autoComplete="name"
            helperText={ROLES_MSG.displayNameHelp}
          />
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </Stack>
      )}
    </AdminPage>
  );
}
