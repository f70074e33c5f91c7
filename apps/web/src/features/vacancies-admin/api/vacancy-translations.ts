import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VacancyTranslationForm, VacancyTranslations } from '@app/shared/schemas/vacancies';
import type { Locale } from '@app/shared/locales';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { apiFetch } from '../../../lib/api-client';

/** A vacancy's source beside its stored translations (decision 0155). */
export const vacancyTranslationsQuery = (id: number) =>
  queryOptions({
    queryKey: ['vacancies', id, 'translations'],
    queryFn: () => apiFetch<VacancyTranslations>(apiPath(STAFF_API.vacancyTranslations, { id })),
  });

/** Saves one language's translation; the answer is the vacancy's translations as they now are. */
export function useSaveVacancyTranslation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ language, body }: { language: Locale; body: VacancyTranslationForm }) =>
      apiFetch<VacancyTranslations>(apiPath(STAFF_API.vacancyTranslation, { id, language }), {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => {
      qc.setQueryData(vacancyTranslationsQuery(id).queryKey, saved);
      return qc.invalidateQueries({ queryKey: ['vacancies'] });
    },
  });
}
