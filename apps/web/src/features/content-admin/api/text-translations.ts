import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TextItem, TextTranslations } from '@app/shared/schemas/content';
import type { Locale } from '@app/shared/locales';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { apiFetch } from '../../../lib/api-client';

/** A page text in English beside its stored translations (decision 0155). */
export const textTranslationsQuery = (item: TextItem) =>
  queryOptions({
    queryKey: ['texts', item, 'translations'],
    queryFn: () => apiFetch<TextTranslations>(apiPath(STAFF_API.textTranslations, { item })),
  });

/** Saves a page text in one language; English and the other languages stay as they are. */
export function useSaveTextTranslation(item: TextItem) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ language, fields }: { language: Locale; fields: Record<string, string> }) =>
      apiFetch<TextTranslations>(apiPath(STAFF_API.textTranslation, { item, language }), {
        method: 'PUT',
        body: fields,
      }),
    onSuccess: (saved) => qc.setQueryData(textTranslationsQuery(item).queryKey, saved),
  });
}
