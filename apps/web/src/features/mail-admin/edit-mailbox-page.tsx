import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { serverReason } from '../../lib/api-client';
import { MSG } from '@app/shared/messages';
import { ROUTES } from '@app/shared/routes';
import { parseId } from '@app/shared/ids';
import {
  mailboxForm,
  type Mailbox,
  type MailboxFormInput,
  type MailboxRequest,
  type Provider,
  copyFromProvider,
} from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { mailboxQuery, providersQuery, useUpdateMailbox } from './api/mail';
import { applyProvider, MailboxFields } from './components/mailbox-fields';

const noRefetch = { refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

/** /edit-mailbox/{id}: every field editable, password kept when empty. */
export function EditMailboxPage() {
  const id = parseId(useParams().id);
  const mailbox = useQuery({
    ...mailboxQuery(id ?? 0),
    enabled: id !== undefined,
    refetchOnMount: 'always',
    ...noRefetch,
  });
  const providers = useQuery({ ...providersQuery, ...noRefetch });
  const loadFailed = id === undefined || mailbox.isError;

  return (
    <AdminPage
      toolbarTitle="Mailbox"
      heading="Edit mailbox"
      links={[{ label: 'Back to Overview Mailbox', to: ROUTES.overviewMailbox.path }]}
      maxWidth="md"
    >
      {loadFailed && <Alert severity="error">{MSG.mailboxLoadFailed}</Alert>}
      {providers.isError && <Alert severity="error">{MSG.providersFetchFailedForm}</Alert>}
      {id !== undefined && (mailbox.isPending || providers.isPending) && <Loading label="Loading mailbox..." />}
      {mailbox.data && !providers.isPending && (
        <EditMailboxForm key={mailbox.dataUpdatedAt} mailbox={mailbox.data} providers={providers.data ?? []} />
      )}
    </AdminPage>
  );
}

function EditMailboxForm({ mailbox, providers }: { mailbox: Mailbox; providers: Provider[] }) {
  const update = useUpdateMailbox(mailbox.id);
  const notify = useNotify();
  const navigate = useNavigate();
  const { hasPassword: _hasPassword, id: _id, ...stored } = mailbox;
  const { control, handleSubmit, setValue } = useForm<MailboxFormInput, unknown, MailboxRequest>({
    resolver: zodResolver(mailboxForm),
    mode: 'onTouched',
    // The API never returns the password: empty means "keep the stored one".
    defaultValues: { ...stored, password: '' },
  });

  // The form shows what was saved: a custom host or port stays as it is (decision 0060). Only a
  // field the mailbox left empty takes the provider's value once both are loaded; picking a
  // provider in the form copies all of its settings, as on create.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    filled.current = true;
    const provider = providers.find((p) => p.id === mailbox.providerId);
    if (!provider) return;
    for (const [name, value] of Object.entries(copyFromProvider(provider))) {
      const key = name as keyof ReturnType<typeof copyFromProvider>;
      const saved = mailbox[key];
      if (saved === '' || saved === null || saved === undefined || saved === 0)
        setValue(key, value, { shouldValidate: true, shouldDirty: true });
    }
  }, [providers, mailbox, setValue]);

  const onSubmit = handleSubmit(
    ({ password, ...rest }) =>
      update.mutate(password ? { ...rest, password } : rest, {
        onSuccess: () => {
          notify(MSG.mailboxUpdated, 'success');
          void navigate(ROUTES.overviewMailbox.path);
        },
        onError: (err) => notify(serverReason(err) ?? MSG.mailboxUpdateFailed, 'error'),
      }),
    () => notify(MSG.mailboxFormInvalid, 'error'),
  );

  return (
    <Stack component="form" spacing={3} onSubmit={onSubmit} noValidate>
      <MailboxFields
        control={control}
        providers={providers}
        locked={false}
        passwordHelp={
          mailbox.hasPassword
            ? 'Leave empty to keep the current password. Changing the host, port, username, protocol or provider clears it: enter it again then.'
            : 'No password is stored. Leave empty for none.'
        }
        onProviderChange={(p) => applyProvider(setValue, p)}
      />
      <Button type="submit" variant="contained" disabled={update.isPending} sx={{ alignSelf: 'flex-start' }}>
        Update Mailbox
      </Button>
    </Stack>
  );
}
