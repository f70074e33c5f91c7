import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { introForm, type Intro } from '@app/shared/schemas/content';
import { ROUTES } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { introQuery, useSaveIntro } from './api/content';
import { loadFailure, PageTextForm, type PageTextField } from './components/page-text-form';

const fields: PageTextField<Intro>[] = [
  { name: 'title', label: 'Title' },
  { name: 'history', label: 'History', rows: 4 },
  { name: 'body', label: 'Body', rows: 6 },
];

/** The intro section of the home page: title, history, body. */
export function IntroPage() {
  const intro = useQuery(introQuery);
  const save = useSaveIntro();
  // An empty intro reads as {}: edit it from blank fields.
  const initial: Intro = { title: '', history: '', body: '', ...intro.data };

  return (
    <AdminPage
      toolbarTitle="Intro"
      heading="Edit Intro"
      links={[{ label: 'Back to Dashboard', to: ROUTES.admin.path }]}
      maxWidth="md"
    >
      {intro.isPending && <Loading label="Loading intro..." />}
      {intro.isError && <Alert severity="error">{loadFailure(intro.error)}</Alert>}
      {intro.isSuccess && (
        <PageTextForm
          schema={introForm}
          fields={fields}
          initial={initial}
          save={(values, callbacks) => save.mutate(values, callbacks)}
          pending={save.isPending}
          savedMessage={MSG.introUpdated}
          label="Intro"
        />
      )}
    </AdminPage>
  );
}
