import { z } from 'zod';
import { safeRedirectPath } from './access';

/** ?redirect=… on the sign-in and verification pages: where to return, same site only. */
export const redirectSearchSchema = z.object({
  redirect: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : safeRedirectPath(value))),
});
export type RedirectSearch = z.infer<typeof redirectSearchSchema>;
