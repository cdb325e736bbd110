// Customers' test data: customers, list pages and captured downloads. Calls go to test/mock-api.
import { vi } from 'vitest';
import type { Customer } from '../api/types';

let nextId = 1;

export function customer(overrides: Partial<Customer> = {}): Customer {
  const id = overrides._id ?? `c${nextId++}`;
  return {
    _id: id,
    names: [`Customer ${id}`],
    phones: [],
    emails: [],
    categories: [],
    potential: '',
    note: '',
    whatsappWindow: null,
    whatsappWindows: [],
    owner: null,
    gstin: '',
    billingState: '',
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** One page of GET /customers. */
export const page = (
  items: Customer[],
  total = items.length,
  nextCursor: string | null = null,
) => ({
  items,
  nextCursor,
  total,
});

/** Captures downloads: the blob and file name of each link click on an object URL. */
export function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const downloads: { name: string; blob: Blob }[] = [];
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${n++}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) downloads.push({ name: this.download, blob });
  });
  return downloads;
}
