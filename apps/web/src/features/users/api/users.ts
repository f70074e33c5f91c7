import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, Role, UpdateUserRequest, User, UsersPage } from '@app/shared/schemas/users';
import { pagingParams, withoutItems, type Paging } from '../../../lib/list-paging';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { apiFetch, endSession } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';

/** One page of users, oldest account first (the overview's cards). */
export const usersQuery = (p: Paging) =>
  queryOptions({
    queryKey: ['users', 'page', p],
    queryFn: () => apiFetch<UsersPage>(`${STAFF_API.users}?${pagingParams(p)}`),
    placeholderData: keepPreviousData,
  });
export const rolesQuery = queryOptions({ queryKey: ['roles'], queryFn: () => apiFetch<Role[]>(STAFF_API.roles) });
export const userQuery = (id: number) =>
  queryOptions({ queryKey: ['users', id], queryFn: () => apiFetch<User>(apiPath(STAFF_API.user, { id })) });

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => apiFetch<User>(STAFF_API.userCreate, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useUpdateUser(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) =>
      apiFetch<User>(apiPath(STAFF_API.userUpdate, { id }), { method: 'PUT', body }),
    onSuccess: () => {
      // The server revokes every session of a user whose password changes, this one's too: say so
      // and sign in again, before any refetch with the old token ends the session with a vaguer text.
      const self = readSession();
      if (self.ok && self.user.userId === id) return endSession(MSG.ownPasswordChanged);
      return qc.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ message: string }>(apiPath(STAFF_API.userDelete, { id }), { method: 'DELETE' }),
    // Deleting removes the card in place without waiting for a refetch, which then fills the page up.
    onSuccess: (_res, id) => {
      qc.setQueriesData<UsersPage>({ queryKey: ['users', 'page'] }, (page) =>
        withoutItems<User, UsersPage>(page, (u) => u.userId === id),
      );
      void qc.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** An administrator ends every session of another person (their own: the account screen). */
export const useSignUserOutEverywhere = (id: number) =>
  useMutation({
    mutationFn: () =>
      apiFetch<{ message: string }>(apiPath(STAFF_API.userSignOutEverywhere, { id }), { method: 'POST' }),
    onSuccess: () => {
      const self = readSession();
      if (self.ok && self.user.userId === id) endSession(STAFF_MSG.ownSignedOutEverywhere);
    },
  });

/** An administrator turns off another person's two-factor (a lost phone): they set it up again. */
export const useResetTwoFactor = (id: number) =>
  useMutation({
    mutationFn: () => apiFetch<{ message: string }>(apiPath(STAFF_API.userReset2fa, { id }), { method: 'POST' }),
  });
