import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVacancyRequest, UpdateVacancyRequest, Vacancy, VacancyPage } from '@app/shared/schemas/vacancies';
import { VACANCY_OVERVIEW_PAGE_SIZE } from '@app/shared/schemas/vacancies';
import { apiFetch } from '../../../lib/api-client';
import { API, apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import type { Locale } from '@app/shared/locales';

/** The staff list's pages (any page size). */
const LIST_KEY = ['vacancies', 'list'] as const;

/** Every vacancy, closed and expired ones too (the public GET /vacancy lists only open ones), a page at a time. */
export const vacanciesQuery = (page = 1, pageSize = VACANCY_OVERVIEW_PAGE_SIZE, missing?: Locale) =>
  queryOptions({
    queryKey: [...LIST_KEY, page, pageSize, missing ?? 'any'],
    // The first page at the default size is the plain address, as the server's defaults answer it;
    // `missing`: those without an up-to-date published translation in that language (decision 0155).
    queryFn: () =>
      apiFetch<VacancyPage>(
        page === 1 && pageSize === VACANCY_OVERVIEW_PAGE_SIZE && !missing
          ? STAFF_API.vacanciesStaff
          : `${STAFF_API.vacanciesStaff}?page=${page}&pageSize=${pageSize}${missing ? `&missing=${missing}` : ''}`,
      ),
  });
export const vacancyQuery = (id: number) =>
  queryOptions({ queryKey: ['vacancies', id], queryFn: () => apiFetch<Vacancy>(apiPath(API.vacancy, { id })) });

export function useCreateVacancy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVacancyRequest) => apiFetch<Vacancy>(API.vacancies, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

/** The full vacancy as read, with the edited fields and the `version` that was read. */
export function useUpdateVacancy(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateVacancyRequest) =>
      apiFetch<Vacancy>(apiPath(API.vacancy, { id }), { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData(vacancyQuery(id).queryKey, saved);
      return qc.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/** Opens a closed or expired vacancy again (the version that was read, as for an update). */
export function useReopenVacancy(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      apiFetch<Vacancy>(apiPath(STAFF_API.vacancyReopen, { id }), { method: 'POST', body: { version } }),
    onSuccess: (saved) => {
      qc.setQueryData(vacancyQuery(id).queryKey, saved);
      return qc.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

export function useDeleteVacancy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(apiPath(API.vacancy, { id }), { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      // The card goes away in place (the page is one shorter until it is next read).
      qc.setQueriesData<VacancyPage>({ queryKey: LIST_KEY }, (list) =>
        list ? { ...list, items: list.items.filter((v) => v.id !== id), total: list.total - 1 } : list,
      );
      qc.removeQueries({ queryKey: vacancyQuery(id).queryKey, exact: true });
    },
  });
}
