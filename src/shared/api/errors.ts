// The one error body every API failure answers with (docs/product.md#errors).
import { z } from './zod.ts';

export const apiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Paginated lists answer this envelope. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
