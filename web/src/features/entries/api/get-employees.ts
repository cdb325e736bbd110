import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { EmployeeChoice } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** GET /entries/employees: approved users sorted by name (filter and Assign choices). */
export async function getEmployees(): Promise<EmployeeChoice[]> {
  return (await api.get<EmployeeChoice[]>('/entries/employees')) ?? [];
}

export const employeesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.entries.employees(),
    queryFn: getEmployees,
    staleTime: 5 * 60_000,
  });

export function useEmployees() {
  return useQuery(employeesQueryOptions());
}
