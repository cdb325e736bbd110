import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { CUSTOMER_FILTERS, type CustomerFilterName } from '../../contract/customers';
import { hasHiddenCharacter, HIDDEN_CHARACTER_MESSAGE } from '../../hidden-characters';
import { customerListQuery } from '../customers';

const MAX_NAME = 60;

/**
 * POST /me/saved-searches: a name and the customer list's filters as its query string has them,
 * checked by the list's own schema (a bad one is refused as the list would refuse it).
 */
export const savedSearchSchema = bodySchema(
  'POST /me/saved-searches',
  z
    .object({
      name: z
        .string({ error: 'Name is required' })
        .trim()
        .min(1, 'Name is required')
        .max(MAX_NAME, `Name must be at most ${MAX_NAME} characters`)
        .refine((value) => !hasHiddenCharacter(value), `Name ${HIDDEN_CHARACTER_MESSAGE}`),
      filters: z.partialRecord(z.enum(CUSTOMER_FILTERS), z.string().max(2000), {
        error: `Filters are an object of ${CUSTOMER_FILTERS.join(', ')}`,
      }),
    })
    .superRefine((body, ctx) => {
      const checked = customerListQuery.safeParse(body.filters);
      if (checked.success) return;
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: ['filters', ...issue.path], message: issue.message });
    })
    .transform((body) => ({
      name: body.name,
      // Empty values filter nothing: not kept.
      filters: Object.fromEntries(
        Object.entries(body.filters).filter(([, value]) => value?.trim()),
      ) as Partial<Record<CustomerFilterName, string>>,
    })),
);
