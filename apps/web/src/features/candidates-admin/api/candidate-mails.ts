import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@app/shared/locales';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import type {
  CandidateMailKind,
  CandidateMailPreview,
  CandidateMailRequest,
  MailTemplate,
  TemplateFormInput,
} from '@app/shared/schemas/candidates';
import { apiFetch } from '../../../lib/api-client';

/** Every candidate mail template, per kind and language (stored or the built-in default). */
export const mailTemplatesQuery = queryOptions({
  queryKey: ['candidate-mail-templates'],
  queryFn: () => apiFetch<MailTemplate[]>(STAFF_API.candidateMailTemplates),
});

type TemplateKey = { kind: CandidateMailKind; language: Locale };

/** Puts the saved (or reset) template in the list the page shows. */
function useStoreTemplate() {
  const qc = useQueryClient();
  return (saved: MailTemplate) =>
    qc.setQueryData(mailTemplatesQuery.queryKey, (list) =>
      list?.map((t) => (t.kind === saved.kind && t.language === saved.language ? saved : t)),
    );
}

export function useSaveTemplate() {
  const store = useStoreTemplate();
  return useMutation({
    mutationFn: ({ kind, language, ...body }: TemplateKey & TemplateFormInput) =>
      apiFetch<MailTemplate>(apiPath(STAFF_API.candidateMailTemplate, { kind, language }), { method: 'PUT', body }),
    onSuccess: store,
  });
}

export function useResetTemplate() {
  const store = useStoreTemplate();
  return useMutation({
    mutationFn: ({ kind, language }: TemplateKey) =>
      apiFetch<MailTemplate>(apiPath(STAFF_API.candidateMailTemplate, { kind, language }), { method: 'DELETE' }),
    onSuccess: store,
  });
}

/**
 * A candidate mail as it would go: asked afresh each time the dialog opens (a template or the
 * interview may have changed), never served from the cache.
 */
export const mailPreviewQuery = (candidateId: number, request: CandidateMailRequest) =>
  queryOptions({
    queryKey: ['candidates', candidateId, 'mail-preview', request.kind, request.interviewId ?? null],
    queryFn: () =>
      apiFetch<CandidateMailPreview>(apiPath(STAFF_API.candidateMailPreview, { id: candidateId }), {
        method: 'POST',
        body: request,
      }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useSendCandidateMail(candidateId: number) {
  return useMutation({
    mutationFn: (request: CandidateMailRequest) =>
      apiFetch<CandidateMailPreview>(apiPath(STAFF_API.candidateMails, { id: candidateId }), {
        method: 'POST',
        body: request,
      }),
  });
}
