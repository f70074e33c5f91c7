import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@app/shared/messages';
import { ROUTES } from '@app/shared/routes';
import { providerFormDefaults } from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { useNotify } from '../../ui/admin/notify';
import { providerExists, useCreateProvider } from './api/mail';
import { ProviderForm, type ProviderFormOutput } from './components/provider-form';
import { providerCreateError } from './messages';

/** /new-provider: refused when the same name, port and protocol exist. */
export function NewProviderPage() {
  const create = useCreateProvider();
  const notify = useNotify();
  const navigate = useNavigate();

  const submit = useMutation({
    mutationFn: async (body: ProviderFormOutput) => {
      let exists: boolean;
      try {
        exists = !!(await providerExists(body));
      } catch {
        notify(MSG.providerExistsCheckFailed, 'error');
        return;
      }
      if (exists) {
        notify(MSG.providerExists, 'error');
        return;
      }
      try {
        const created = await create.mutateAsync(body);
        // The create only counts when the answer holds an id.
        if (!created || typeof created !== 'object' || typeof created.id !== 'number') {
          notify(MSG.providerNoId, 'error');
          return;
        }
        notify(MSG.providerCreated, 'success');
        void navigate(ROUTES.overviewProvider.path);
      } catch (err) {
        notify(providerCreateError(err), 'error');
      }
    },
  });

  return (
    <AdminPage
      toolbarTitle="Mail Providers"
      heading="Create Provider"
      links={[{ label: 'Back to Overview Provider', to: ROUTES.overviewProvider.path }]}
      maxWidth="md"
    >
      <ProviderForm
        defaultValues={providerFormDefaults}
        submitLabel="Create Provider"
        pending={submit.isPending}
        onSubmit={(v) => submit.mutate(v)}
      />
    </AdminPage>
  );
}
