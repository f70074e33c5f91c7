import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DEFAULT_LOCALE, isLocale } from '@app/shared/locales';
import { Link as RouterLink } from '../../lib/link';
import Button from '@mui/material/Button';
import { TranslationStates } from '../../ui/admin/translation-states';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, confirmDelete } from '@app/shared/messages';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROUTES, pathTo } from '@app/shared/routes';
import { useConfirm } from '../../ui/admin/confirm-dialog';
import { truncate } from '@app/shared/constants';
import { VACANCY_OVERVIEW_PAGE_SIZE } from '@app/shared/schemas/vacancies';
import { AdminPage } from '../../ui/admin/admin-page';
import { ListPager } from '../../ui/admin/list-pager';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { vacancyFacts } from '@app/shared/vacancy-facts';
import { useDeleteVacancy, vacanciesQuery } from './api/vacancies';
import { vacancyStatusText } from './messages';

/** /overview-vacancies and /viewall-vacancies. */
export function OverviewVacanciesPage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(VACANCY_OVERVIEW_PAGE_SIZE);
  // ?missing=nl (the dashboard's link): the vacancies waiting for a Dutch translation.
  const rawMissing = useSearchParams()[0].get('missing');
  const missing = isLocale(rawMissing) && rawMissing !== DEFAULT_LOCALE ? rawMissing : undefined;
  const vacancies = useQuery(vacanciesQuery(page, pageSize, missing));
  const total = vacancies.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  // Past the last page (its last vacancy deleted): the last page that has vacancies.
  const pastEnd = !!vacancies.data && vacancies.data.items.length === 0 && total > 0 && page > lastPage;
  useEffect(() => {
    if (pastEnd) setPage(lastPage);
  }, [pastEnd, lastPage]);
  const remove = useDeleteVacancy();
  const notify = useNotify();

  // A timed notice, once per failed fetch.
  useEffect(() => {
    if (vacancies.isError) notify(MSG.vacancyListFailed, 'error');
  }, [vacancies.isError, vacancies.errorUpdatedAt, notify]);

  const [confirm, dialog] = useConfirm();
  const onDelete = async (id: number, title: string) => {
    if (!(await confirm(confirmDelete('vacancy', title)))) return;
    remove.mutate(id, {
      onSuccess: () => notify(MSG.vacancyDeleted),
      onError: () => notify(MSG.vacancyDeleteFailed, 'error'),
    });
  };

  return (
    <AdminPage toolbarTitle="Vacancy Management" heading="Vacancies">
      <Stack direction="row" spacing={2} sx={{ mb: 3 }}>
        <Button variant="contained" component={RouterLink} to={ROUTES.createVacancy.path}>
          Create Vacancy
        </Button>
        <Button variant="outlined" component={RouterLink} to={ROUTES.admin.path}>
          Back to Dashboard
        </Button>
      </Stack>
      {dialog}
      {vacancies.isPending && <Loading label="Loading vacancies..." />}
      {vacancies.data?.total === 0 && <Typography>{BACK_OFFICE_MSG.noVacanciesAvailable}</Typography>}
      {!!vacancies.data?.items.length && (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Vacancies">
          {vacancies.data.items.map((v) => (
            <Card key={v.id} component="li" variant="outlined" aria-labelledby={`vacancy-${v.id}`}>
              <CardContent>
                <Typography variant="h5" component="h2" id={`vacancy-${v.id}`} gutterBottom>
                  {v.title}
                </Typography>
                <Typography color="text.secondary" gutterBottom>
                  Expectation: {v.expectation} | Offer: {v.offer}
                </Typography>
                <Typography gutterBottom data-testid="vacancy-status">
                  {vacancyStatusText(v)} · {vacancyFacts(v)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{truncate(v.description)}</Typography>
              </CardContent>
              <CardActions>
                <Button component={RouterLink} to={pathTo(ROUTES.viewVacancy, { id: v.id })}>
                  View Vacancy
                </Button>
                <Button component={RouterLink} to={pathTo(ROUTES.translateVacancy, { id: v.id })}>
                  Translate
                </Button>
                <TranslationStates states={v.translationStates} />
                <Button
                  color="error"
                  onClick={() => void onDelete(v.id, v.title)}
                  disabled={remove.isPending && remove.variables === v.id}
                >
                  Delete Vacancy
                </Button>
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}
      {!!total && (
        <ListPager
          total={total}
          paging={{ page, pageSize }}
          onChange={(next) => {
            setPage(next.page);
            setPageSize(next.pageSize);
          }}
          label="Pages of vacancies"
        />
      )}
    </AdminPage>
  );
}
