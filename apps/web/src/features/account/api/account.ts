import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  LoginResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@app/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';
import { STAFF_API } from '@app/shared/api-paths-staff';

export const twoFactorStatusQuery = queryOptions({
  queryKey: ['account', '2fa'],
  queryFn: () => apiFetch<TwoFactorStatus>(STAFF_API.account2fa),
});

export const useTwoFactorSetup = () =>
  useMutation({ mutationFn: () => apiFetch<TwoFactorSetupResponse>(STAFF_API.account2faSetup, { method: 'POST' }) });

export function useTwoFactorEnable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<TwoFactorEnableResponse>(STAFF_API.account2faEnable, { method: 'POST', body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

export function useTwoFactorDisable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<{ message: string }>(STAFF_API.account2faDisable, { method: 'POST', body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

export const useSignOutEverywhere = () =>
  useMutation({
    mutationFn: () => apiFetch<{ message: string }>(STAFF_API.accountSignOutEverywhere, { method: 'POST' }),
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiFetch<LoginResponse>(STAFF_API.accountPassword, { method: 'POST', body }),
  });
