import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, Role, UpdateUserRequest, User } from '@app/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';

export const usersQuery = queryOptions({ queryKey: ['users'], queryFn: () => apiFetch<User[]>('/users/all') });
export const rolesQuery = queryOptions({ queryKey: ['roles'], queryFn: () => apiFetch<Role[]>('/roles') });
export const userQuery = (id: number) =>
  queryOptions({ queryKey: ['users', id], queryFn: () => apiFetch<User>(`/users/getById/${id}`) });

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => apiFetch<User>('/users/create', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useUpdateUser(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => apiFetch<User>(`/users/update/${id}`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(`/users/delete/${id}`, { method: 'DELETE' }),
    // Deleting removes the card in place without waiting for a refetch.
    onSuccess: (_res, id) =>
      qc.setQueryData<User[]>(usersQuery.queryKey, (list) => list?.filter((u) => u.userId !== id)),
  });
}
