import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostTranslationForm, PostTranslations } from '@app/shared/schemas/posts';
import type { Locale } from '@app/shared/locales';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { apiFetch } from '../../../lib/api-client';

/** A post's source beside its stored translations (decision 0155). */
export const postTranslationsQuery = (id: number) =>
  queryOptions({
    queryKey: ['posts', id, 'translations'],
    queryFn: () => apiFetch<PostTranslations>(apiPath(STAFF_API.postTranslations, { id })),
  });

/** Saves one language's translation; the answer is the post's translations as they now are. */
export function useSavePostTranslation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ language, body }: { language: Locale; body: PostTranslationForm }) =>
      apiFetch<PostTranslations>(apiPath(STAFF_API.postTranslation, { id, language }), { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData(postTranslationsQuery(id).queryKey, saved);
      return qc.invalidateQueries({ queryKey: ['posts', 'list'] });
    },
  });
}
