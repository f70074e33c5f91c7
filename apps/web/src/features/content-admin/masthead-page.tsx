import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { mastheadForm, type Masthead } from '@app/shared/schemas/content';
import { ROUTES } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { mastheadQuery, useSaveMasthead } from './api/content';
import { loadFailure, PageTextForm, type PageTextField } from './components/page-text-form';

const fields: PageTextField<Masthead>[] = [
  { name: 'mastheadTitle', label: 'Masthead Title' },
  { name: 'mastheadBody', label: 'Masthead Body', rows: 4 },
];

/** /masthead: the masthead title and body of the home page. */
export function MastheadPage() {
  const masthead = useQuery(mastheadQuery);
  const save = useSaveMasthead();
  // An empty masthead reads as {} (the public page then shows nothing): edit it from blank fields.
  const initial: Masthead = { mastheadTitle: '', mastheadBody: '', ...masthead.data };

  return (
    <AdminPage
      toolbarTitle="Masthead"
      heading="Edit Masthead"
      links={[{ label: 'Back to Dashboard', to: ROUTES.admin.path }]}
      maxWidth="md"
    >
      {masthead.isPending && <Loading label="Loading masthead..." />}
      {masthead.isError && <Alert severity="error">{loadFailure(masthead.error)}</Alert>}
      {masthead.isSuccess && (
        <PageTextForm
          schema={mastheadForm}
          fields={fields}
          initial={initial}
          save={(values, callbacks) => save.mutate(values, callbacks)}
          pending={save.isPending}
          savedMessage={MSG.mastheadUpdated}
          label="Masthead"
        />
      )}
    </AdminPage>
  );
}
