import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  MessagesExport,
  Mailbox,
  MailboxListItem,
  MailboxesPage,
  MailboxRequest,
  MailHealth,
  MailLog,
  MailLogPage,
  MailLogSort,
  MessagesPage,
  Provider,
  ProviderRequest,
  ProvidersPage,
  TestMailResult,
} from '@app/shared/schemas/mail';
import { apiFetch } from '../../../lib/api-client';
import { pagingParams, withoutItems, type Paging } from '../../../lib/list-paging';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';

// ------------------------------------------------------------------ providers

/** The providers a mailbox form offers: the plain list, at most its documented maximum (100). */
export const providersQuery = queryOptions({
  queryKey: ['providers'],
  queryFn: () => apiFetch<Provider[]>(STAFF_API.providers),
});
/** One page of providers (the overview's cards); the previous page stays shown while the next loads. */
export const providersPageQuery = (p: Paging) =>
  queryOptions({
    queryKey: ['providers', 'page', p],
    queryFn: () => apiFetch<ProvidersPage>(`${STAFF_API.providers}?${pagingParams(p)}`),
    placeholderData: keepPreviousData,
  });
export const providerQuery = (id: number) =>
  queryOptions({ queryKey: ['providers', id], queryFn: () => apiFetch<Provider>(apiPath(STAFF_API.provider, { id })) });

/** GET /providers/exists: truthy when a provider with this name, port and protocol is stored. */
export const providerExists = (p: { providerName: string; port: number; protocol: string }) =>
  apiFetch<boolean>(
    `${STAFF_API.providerExists}?${new URLSearchParams({ providerName: p.providerName, port: String(p.port), protocol: p.protocol })}`,
  );

export function useCreateProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderRequest) =>
      apiFetch<Partial<Provider> | undefined>(STAFF_API.providerCreate, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['providers'] }),
  });
}

export function useUpdateProvider(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderRequest) =>
      apiFetch<Provider>(apiPath(STAFF_API.provider, { id }), { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['providers'] }),
  });
}

export function useDeleteProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ message: string }>(apiPath(STAFF_API.provider, { id }), { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      qc.setQueryData<Provider[]>(providersQuery.queryKey, (list) => list?.filter((p) => p.id !== id));
      qc.setQueriesData<ProvidersPage>({ queryKey: ['providers', 'page'] }, (page) =>
        withoutItems<Provider, ProvidersPage>(page, (p) => p.id === id),
      );
      void qc.invalidateQueries({ queryKey: ['providers'] });
    },
  });
}

// ------------------------------------------------------------------ mailboxes

/** One page of mailboxes with their providers' settings (the overview's cards). */
export const mailboxesQuery = (p: Paging) =>
  queryOptions({
    queryKey: ['mailboxes', 'page', p],
    queryFn: () => apiFetch<MailboxesPage>(`${STAFF_API.mailboxes}?${pagingParams(p)}`),
    placeholderData: keepPreviousData,
  });
export const mailboxQuery = (id: number) =>
  queryOptions({ queryKey: ['mailboxes', id], queryFn: () => apiFetch<Mailbox>(apiPath(STAFF_API.mailbox, { id })) });

export function useCreateMailbox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MailboxRequest) => apiFetch<Mailbox>(STAFF_API.mailboxCreate, { method: 'POST', body }),
    onSuccess: () => afterMailboxSaved(qc),
  });
}

export function useUpdateMailbox(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MailboxRequest) =>
      apiFetch<Mailbox>(apiPath(STAFF_API.mailboxUpdate, { id }), { method: 'PUT', body }),
    onSuccess: () => afterMailboxSaved(qc),
  });
}

export function useDeleteMailbox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ message: string } | string>(apiPath(STAFF_API.mailbox, { id }), { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      qc.setQueriesData<MailboxesPage>({ queryKey: ['mailboxes', 'page'] }, (page) =>
        withoutItems<MailboxListItem, MailboxesPage>(page, (m) => m.id === id),
      );
      void qc.invalidateQueries({ queryKey: ['mailboxes'] });
    },
  });
}

export function useTestMailbox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<TestMailResult>(apiPath(STAFF_API.mailboxTest, { id }), { method: 'POST' }),
    // A test that worked sends the waiting messages at once (server side): their states change.
    onSuccess: () => afterMailboxSaved(qc),
  });
}

/** A saved or working mailbox retries waiting messages on the server: what shows them is refreshed. */
const afterMailboxSaved = (qc: QueryClient) =>
  Promise.all(['mailboxes', 'messages', 'mail-health'].map((key) => qc.invalidateQueries({ queryKey: [key] })));

// ------------------------------------------------------------------ received messages and the mail log

/**
 * One page of the received messages, newest first; with `email` only the messages from that
 * address (a data-subject request, GET /api/messages?email=).
 */
export const messagesQuery = (f: Paging & { email?: string }) =>
  queryOptions({
    queryKey: ['messages', f],
    queryFn: () =>
      apiFetch<MessagesPage>(
        `${STAFF_API.messages}?${pagingParams(f)}${f.email ? `&email=${encodeURIComponent(f.email)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Erases one message, its attachment and its mail-log rows. */
export function useEraseMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(apiPath(STAFF_API.message, { id }), { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all(['messages', 'mail-logs', 'mail-health'].map((key) => qc.invalidateQueries({ queryKey: [key] }))),
  });
}

/** Erases every message from an address and the mail-log rows about them. */
export function useEraseMessagesFrom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<{ message: string; messages: number; mailLogs: number }>(
        `${STAFF_API.messages}?email=${encodeURIComponent(email)}`,
        { method: 'DELETE' },
      ),
    onSuccess: () =>
      Promise.all(['messages', 'mail-logs', 'mail-health'].map((key) => qc.invalidateQueries({ queryKey: [key] }))),
  });
}

/** The export as the API gives it (one JSON document, attachments in base64). */
export const exportMessagesFrom = (email: string) =>
  apiFetch<MessagesExport>(`${STAFF_API.messagesExport}?email=${encodeURIComponent(email)}`);

export function useResendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ message: string }>(apiPath(STAFF_API.messageResend, { id }), { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['messages'] }),
  });
}

/** "Send now": a waiting message is tried at once instead of after its backoff. */
export function useSendMessageNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ message: string }>(apiPath(STAFF_API.messageSendNow, { id }), { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['messages'] }),
        qc.invalidateQueries({ queryKey: ['mail-health'] }),
      ]),
  });
}

/** Waiting messages and whether a working mailbox exists (the notice on the mail screens). */
export const mailHealthQuery = queryOptions({
  queryKey: ['mail-health'],
  queryFn: () => apiFetch<MailHealth>(STAFF_API.mailHealth),
});

export type MailLogView = Paging & { sort?: MailLogSort | undefined; order?: 'asc' | 'desc' | undefined };

/** One page of the mail log, sorted by the server (newest first without a sort column). */
export const mailLogsQuery = (v: MailLogView) =>
  queryOptions({
    queryKey: ['mail-logs', v],
    queryFn: () =>
      apiFetch<MailLogPage>(
        `${STAFF_API.mailLogs}?${pagingParams(v)}${v.sort ? `&sort=${v.sort}&order=${v.order ?? 'asc'}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });

export function useDeleteMailLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(apiPath(STAFF_API.mailLog, { id }), { method: 'DELETE' }),
    // The row goes at once; the refetch fills the page up again from the next one.
    onSuccess: (_res, id) => {
      qc.setQueriesData<MailLogPage>({ queryKey: ['mail-logs'] }, (page) =>
        withoutItems<MailLog, MailLogPage>(page, (l) => l.id === id),
      );
      void qc.invalidateQueries({ queryKey: ['mail-logs'] });
    },
  });
}
