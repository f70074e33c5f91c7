import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MSG } from '@app/shared/messages';
import { ROUTES } from '@app/shared/routes';
import { parseId } from '@app/shared/ids';
import type { Provider } from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { providerQuery, useUpdateProvider } from './api/mail';
import { ProviderForm } from './components/provider-form';
import { serverReason } from '../../lib/api-client';

/** /edit-provider/{id}: a non-numeric id loads nothing. */
export function EditProviderPage() {
  const id = parseId(useParams().id);
  const provider = useQuery({
    ...providerQuery(id ?? 0),
    enabled: id !== undefined,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <AdminPage
      toolbarTitle="Mail Providers"
      heading="Edit Provider"
      links={[{ label: 'Back to Overview Provider', to: ROUTES.overviewProvider.path }]}
      maxWidth="md"
    >
      {id === undefined && <Alert severity="error">{MSG.invalidProviderId}</Alert>}
      {provider.isError && <Alert severity="error">{MSG.providerLoadFailed}</Alert>}
      {id !== undefined && provider.isPending && <Loading label="Loading provider..." />}
      {provider.data && <EditProviderForm key={provider.dataUpdatedAt} provider={provider.data} />}
    </AdminPage>
  );
}

const text = (n: number) => String(n);

function EditProviderForm({ provider }: { provider: Provider }) {
  const update = useUpdateProvider(provider.id);
  const notify = useNotify();
  const navigate = useNavigate();
  const { id: _id, ...p } = provider;
  return (
    <ProviderForm
      defaultValues={{
        ...p,
        port: text(p.port),
        connectionTimeout: text(p.connectionTimeout),
        timeout: text(p.timeout),
        writeTimeout: text(p.writeTimeout),
      }}
      submitLabel="Update Provider"
      pending={update.isPending}
      onSubmit={(body) =>
        update.mutate(body, {
          onSuccess: () => {
            notify(MSG.providerUpdated, 'success');
            void navigate(ROUTES.overviewProvider.path);
          },
          // A duplicate name, port and protocol is worth naming; anything else is the spec's text.
          onError: (err) => notify(serverReason(err) ?? MSG.providerUpdateFailed, 'error'),
        })
      }
      extraActions={
        <Button component={RouterLink} to={ROUTES.overviewProvider.path}>
          Cancel
        </Button>
      }
    />
  );
}
