import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVacancyRequest, UpdateVacancyRequest, Vacancy } from '@app/shared/schemas/vacancies';
import { apiFetch } from '../../../lib/api-client';
import { API, apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';

/** Every vacancy, closed and expired ones too (the public GET /vacancy lists only open ones). */
export const vacanciesQuery = queryOptions({
  queryKey: ['vacancies'],
  queryFn: () => apiFetch<Vacancy[]>(STAFF_API.vacanciesStaff),
});
export const vacancyQuery = (id: number) =>
  queryOptions({ queryKey: ['vacancies', id], queryFn: () => apiFetch<Vacancy>(apiPath(API.vacancy, { id })) });

export function useCreateVacancy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVacancyRequest) => apiFetch<Vacancy>(API.vacancies, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: vacanciesQuery.queryKey, exact: true }),
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
      return qc.invalidateQueries({ queryKey: vacanciesQuery.queryKey, exact: true });
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
      return qc.invalidateQueries({ queryKey: vacanciesQuery.queryKey, exact: true });
    },
  });
}

export function useDeleteVacancy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(apiPath(API.vacancy, { id }), { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      // The card goes away in place.
      qc.setQueryData<Vacancy[]>(vacanciesQuery.queryKey, (list) => list?.filter((v) => v.id !== id));
      qc.removeQueries({ queryKey: vacancyQuery(id).queryKey, exact: true });
    },
  });
}
