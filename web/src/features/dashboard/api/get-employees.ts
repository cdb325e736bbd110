import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lastDashboardChange } from './invalidate-dashboard';
import type { EmployeeRow } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** Spec §7: loads on its own and falls back to an empty list on failure. */
export async function getEmployees(): Promise<EmployeeRow[]> {
  try {
    const list = await api.get<EmployeeRow[]>('/dashboard/employees', {
      query: { since: lastDashboardChange() },
    });
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const getEmployeesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard.employees(), queryFn: getEmployees });

export function useEmployees() {
  return useQuery(getEmployeesQueryOptions());
}
