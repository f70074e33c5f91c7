import { useEffect, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { vacancyForm, type Vacancy, type VacancyForm } from '@app/shared/schemas/vacancies';
import { ROUTES, pathTo } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { parseId } from '@app/shared/ids';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { SaveFailure } from '../../ui/admin/save-failure';
import { useNotify } from '../../ui/admin/notify';
import { ApiError } from '../../lib/api-client';
import { sessionToken } from '../../lib/session';
import { useUpdateVacancy, vacancyQuery } from './api/vacancies';
import { VacancyFields } from './components/vacancy-fields';
import { serviceMessage, vacancyText } from './messages';

const ALL_REQUIRED = ['title', 'expectation', 'function', 'description', 'offer'] as const;

/** /edit-vacancy/{id} with optimistic locking on `version`. */
export function EditVacancyPage() {
  const id = parseId(useParams().id);
  const navigate = useNavigate();
  const notify = useNotify();
  const vacancy = useQuery({
    ...vacancyQuery(id ?? 0),
    enabled: id !== undefined,
    // Always the stored version when the editor opens, and never swapped under their typing:
    // only opening the screen and 'Reload' fetch it.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useEffect(() => {
    // The redirect target for a bad id is the overview, /overview-vacancies
    // (docs/decisions/0010-content-and-vacancies.md).
    if (id !== undefined) return;
    notify(MSG.invalidVacancyId, 'error');
    void navigate(ROUTES.overviewVacancies.path, { replace: true });
  }, [id, navigate, notify]);

  return (
    <AdminPage
      toolbarTitle="Vacancy Management"
      heading="Edit Vacancy"
      links={id ? [{ label: 'Back to vacancy', to: pathTo(ROUTES.viewVacancy, { id: id }) }] : []}
      maxWidth="md"
    >
      {id === undefined && <Alert severity="error">{MSG.invalidVacancyId}</Alert>}
      {vacancy.isError && !vacancy.isFetching && (
        <Alert severity="error">{vacancyText.loadFailed(serviceMessage(vacancy.error))}</Alert>
      )}
      {id !== undefined && vacancy.isFetching && <Loading label="Loading vacancy..." />}
      {vacancy.data && !vacancy.isFetching && (
        // A reload mounts a fresh form with the latest texts and version.
        <EditVacancyForm key={vacancy.dataUpdatedAt} vacancy={vacancy.data} onReload={() => void vacancy.refetch()} />
      )}
    </AdminPage>
  );
}

function EditVacancyForm({ vacancy, onReload }: { vacancy: Vacancy; onReload: () => void }) {
  const update = useUpdateVacancy(vacancy.id);
  const notify = useNotify();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ text: string; stale: boolean }>();
  const { control, handleSubmit, formState } = useForm<VacancyForm>({
    resolver: zodResolver(vacancyForm),
    mode: 'onTouched',
    defaultValues: {
      title: vacancy.title,
      expectation: vacancy.expectation,
      function: vacancy.function,
      description: vacancy.description,
      offer: vacancy.offer,
      status: vacancy.status,
      closingDate: vacancy.closingDate ?? '',
      employmentType: vacancy.employmentType,
      location: vacancy.location,
      slug: vacancy.slug,
      homeTile: vacancy.homeTile ?? '',
      language: vacancy.language,
    },
  });

  const onSubmit = handleSubmit(
    (values) => {
      setFailure(undefined);
      // The update refuses locally when the stored user has no token.
      if (!sessionToken()) return setFailure({ text: vacancyText.updateFailed(MSG.noToken), stale: false });
      update.mutate(
        // The full vacancy as read, with the edited texts and the version it was read at.
        { ...vacancy, ...values },
        {
          onSuccess: () => {
            notify(MSG.vacancyUpdated);
            void navigate(ROUTES.overviewVacancies.path);
          },
          onError: (err) => {
            // 409: someone saved in between. The server says to reload; what was typed stays.
            const stale = err instanceof ApiError && err.status === 409;
            setFailure({ text: vacancyText.updateFailed(stale ? err.message : serviceMessage(err)), stale });
          },
        },
      );
    },
    () => notify(MSG.fillRequired, 'error'),
  );

  // A disabled submit button also blocks Enter (implicit submission), so an attempt to submit an
  // invalid form from a one-line field is caught here to say what is missing.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement && !formState.isValid) {
      e.preventDefault();
      void onSubmit();
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label="Edit vacancy">
      <VacancyFields control={control} required={ALL_REQUIRED} />
      {failure && <SaveFailure text={failure.text} onReload={failure.stale ? onReload : undefined} />}
      <Button
        type="submit"
        variant="contained"
        disabled={update.isPending || !formState.isValid}
        sx={{ alignSelf: 'flex-start' }}
      >
        Submit
      </Button>
    </Stack>
  );
}
