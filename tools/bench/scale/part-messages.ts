// What appendGenerated (generate.ts) and its worker threads (generate-part.ts) pass each other.
import type { EmployeeRef } from '../../../functions/src/app/seeding.ts';
import type { GeneratedCustomer } from './customers.ts';

export interface ScaleSize {
  customers: number;
  entries: number;
}

export interface PartRequest {
  size: ScaleSize;
  employees: readonly EmployeeRef[];
  nowMs: number;
  seed: number;
  part: number;
  parts: number;
}

export type PartMessage =
  | { chunk: Uint8Array }
  | { done: { documents: number; sampleEntryIds: string[]; probe: GeneratedCustomer } };
