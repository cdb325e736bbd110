import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { hasHiddenCharacter, HIDDEN_CHARACTER_MESSAGE } from '../../hidden-characters';
import { attachmentSchema } from '../entries';

export const MAX_TITLE = 80;
export const MAX_CONTENT = 4096;

/** POST /me/saved-replies: what a sent message is saved as. */
export const savedReplySchema = bodySchema(
  'POST /me/saved-replies',
  z.object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(MAX_TITLE, `Title must be at most ${MAX_TITLE} characters`)
      .refine((value) => !hasHiddenCharacter(value), `Title ${HIDDEN_CHARACTER_MESSAGE}`),
    content: z
      .string({ error: 'Text is required' })
      .refine((value) => value.trim() !== '', 'Text is required')
      .refine(
        (value) => value.length <= MAX_CONTENT,
        `Text must be at most ${MAX_CONTENT} characters`,
      ),
    attachment: attachmentSchema.nullable().default(null),
  }),
);

export type SavedReplyBody = z.output<typeof savedReplySchema>;
