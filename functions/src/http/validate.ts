import type { Request } from 'express';
import type { z } from 'zod';
import { validationError } from './errors';

/**
 * The request body checked against `schema`; throws a 400 naming each bad field otherwise.
 * A request without a JSON body is checked as `{}`, so missing fields are named one by one.
 */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.body ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}
