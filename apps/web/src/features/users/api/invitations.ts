import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InviteRequest } from '@app/shared/schemas/account-links';
import type { MailHealth } from '@app/shared/schemas/mail';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { apiFetch } from '../../../lib/api-client';

/** The invitations not accepted yet (expired ones too), shown on the user overview. */
export const invitationsQuery = queryOptions({
  queryKey: ['invitations'],
  queryFn: () => apiFetch<Invitation[]>(STAFF_API.invitations),
});

/** Whether mail goes out now: without a working mailbox an invitation waits (the invite form says so). */
export const mailWorksQuery = queryOptions({
  queryKey: ['mail-health'],
  queryFn: () => apiFetch<MailHealth>(STAFF_API.mailHealth),
  select: (h) => h.working,
});

export function useInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) => apiFetch<Invitation>(STAFF_API.invitations, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
}

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ message: string }>(apiPath(STAFF_API.invitationResend, { id }), { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
}

export function useWithdrawInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ message: string }>(apiPath(STAFF_API.invitation, { id }), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
}
