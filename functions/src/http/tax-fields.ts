// The request fields of India's GST details, one check each wherever they are sent (settings,
// customers): a GSTIN trimmed, upper-cased and checked to its check character; a state by code
// or name, kept as its GST code. '' clears either.
import { z } from 'zod';
import { gstinProblem, stateCode } from '../contract/gst';

export const gstinField = z
  .string({ error: 'A GSTIN must be text' })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const stateField = z.string({ error: 'A state must be text' }).transform((value, ctx) => {
  if (value.trim() === '') return '';
  const code = stateCode(value);
  if (code) return code;
  ctx.addIssue({ code: 'custom', message: `Not an Indian state or its GST code: ${value.trim()}` });
  return z.NEVER;
});
