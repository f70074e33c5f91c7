import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { serverReason } from '../../lib/api-client';
import { MSG } from '@app/shared/messages';
import { ROUTES } from '@app/shared/routes';
import { DEFAULT_PROVIDER_ID } from '@app/shared/constants';
import { mailboxForm, mailboxFormDefaults, type MailboxFormInput, type MailboxRequest } from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { providersQuery, useCreateMailbox } from './api/mail';
import { applyProvider, MailboxFields } from './components/mailbox-fields';

/** /new-mailbox: the provider's settings are copied in and locked. */
export function NewMailboxPage() {
  // Not refetched on focus: a refetch would copy the provider again over the form.
  const providers = useQuery({ ...providersQuery, refetchOnWindowFocus: false });
  const create = useCreateMailbox();
  const notify = useNotify();
  const navigate = useNavigate();
  const { control, handleSubmit, setValue, getValues, formState } = useForm<MailboxFormInput, unknown, MailboxRequest>({
    resolver: zodResolver(mailboxForm),
    mode: 'onTouched',
    defaultValues: mailboxFormDefaults,
  });

  // Once providers load: keep a valid choice, else preselect id 2, else the first; copy its settings.
  useEffect(() => {
    const list = providers.data;
    if (!list?.length) return;
    const current = list.find((p) => p.id === getValues('providerId'));
    const chosen = current ?? list.find((p) => p.id === DEFAULT_PROVIDER_ID) ?? list[0]!;
    setValue('providerId', chosen.id, { shouldValidate: true });
    applyProvider(setValue, chosen);
  }, [providers.data, getValues, setValue]);

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        notify(MSG.mailboxCreated, 'success');
        void navigate(ROUTES.overviewMailbox.path);
      },
      onError: (err) => notify(serverReason(err) ?? MSG.mailboxCreateFailed, 'error'),
    }),
  );

  return (
    <AdminPage
      toolbarTitle="Mailbox"
      heading="Create new mailbox"
      links={[{ label: 'Back to Overview Mailbox', to: ROUTES.overviewMailbox.path }]}
      maxWidth="md"
    >
      {providers.isPending && <Loading label="Loading providers..." />}
      {providers.isError && <Alert severity="error">{MSG.providersFetchFailedForm}</Alert>}
      {providers.data?.length === 0 && <Alert severity="info">{MSG.noProviders}</Alert>}
      <Stack component="form" spacing={3} onSubmit={onSubmit} noValidate>
        <MailboxFields
          control={control}
          providers={providers.data ?? []}
          locked
          onProviderChange={(p) => applyProvider(setValue, p)}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending || !formState.isValid}
          sx={{ alignSelf: 'flex-start' }}
        >
          Create Mailbox
        </Button>
      </Stack>
    </AdminPage>
  );
}
