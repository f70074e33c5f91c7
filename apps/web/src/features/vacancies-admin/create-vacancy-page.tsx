import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { vacancyCreateForm, type CreateVacancyRequest, type VacancyForm } from '@app/shared/schemas/vacancies';
import { ROUTES } from '@app/shared/routes';
import { AdminPage } from '../../ui/admin/admin-page';
import { useNotify } from '../../ui/admin/notify';
import { useCreateVacancy } from './api/vacancies';
import { PUBLISHING_DEFAULTS, VacancyFields } from './components/vacancy-fields';
import { serviceMessage, vacancyText } from './messages';

const empty: VacancyForm = {
  title: '',
  expectation: '',
  function: '',
  description: '',
  offer: '',
  ...PUBLISHING_DEFAULTS,
};
// The form always holds all five texts; the create rules only require title and offer.
const resolver = zodResolver(vacancyCreateForm) as unknown as Resolver<VacancyForm, unknown, CreateVacancyRequest>;

/** /create-vacancy: success notice and a reset form, or the reason it failed. */
export function CreateVacancyPage() {
  const create = useCreateVacancy();
  const notify = useNotify();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, reset, formState } = useForm<VacancyForm, unknown, CreateVacancyRequest>({
    resolver,
    mode: 'onTouched',
    defaultValues: empty,
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    create.mutate(values, {
      onSuccess: (saved) => {
        notify(vacancyText.created(saved.title));
        reset(empty);
      },
      onError: (err) => setFailure(vacancyText.createFailed(serviceMessage(err))),
    });
  });

  return (
    <AdminPage
      toolbarTitle="Vacancy Management"
      heading="Create Vacancy"
      links={[{ label: 'Back to Overview', to: ROUTES.overviewVacancies.path }]}
      maxWidth="md"
    >
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label="Create vacancy">
        <VacancyFields control={control} required={['title', 'offer']} />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending || !formState.isValid}
          sx={{ alignSelf: 'flex-start' }}
        >
          Submit
        </Button>
      </Stack>
    </AdminPage>
  );
}
