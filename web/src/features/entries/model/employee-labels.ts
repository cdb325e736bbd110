import type { EmployeeChoice } from '../../../resources/entries';

/**
 * How each employee reads in a picker: the name, and where several people share it the end of
 * their id as well ('Probe Employee · 7f3a'), since the list carries no more about them.
 */
export function employeeLabels(employees: readonly EmployeeChoice[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const e of employees) count.set(e.name, (count.get(e.name) ?? 0) + 1);
  return new Map(
    employees.map((e) => [
      e._id,
      (count.get(e.name) ?? 0) > 1 ? `${e.name} · ${e._id.slice(-4)}` : e.name,
    ]),
  );
}
