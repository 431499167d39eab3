import { FOREIGN_RETURN_URL_MESSAGE, MISSING_RETURN_URL_MESSAGE } from '#app/modules/sign-in/domain/messages.ts';
import { SAME_ORIGIN_PATH } from '#app/platform/schemas/client-error.ts';
import { z } from '#app/platform/schemas/z.ts';

/**
 * `?returnUrl=…` of the auth host (spec §5, §7): a path on this site to come
 * back to. Missing → 'Please provide a return url' (spec §5); anything that
 * could lead elsewhere (`//host`, `https://…`, backslashes) is refused.
 */
export const authReturnQuerySchema = z.object({
  returnUrl: z
    .string({ error: MISSING_RETURN_URL_MESSAGE })
    .trim()
    .min(1, { error: MISSING_RETURN_URL_MESSAGE })
    .max(2000, { error: FOREIGN_RETURN_URL_MESSAGE })
    .regex(SAME_ORIGIN_PATH, { error: FOREIGN_RETURN_URL_MESSAGE })
    .meta({ description: 'A path on this site to return to.', example: '/mijnslaagbundel/12/wiskunde-b' }),
});

export const noPromptLoginQuerySchema = authReturnQuerySchema.extend({
  prompt: z.literal('none').optional().meta({ description: '`none`: never ask; answer whether someone is signed in.' }),
});

export const authorizeResultSchema = z.object({
  redirect_url: z.string().meta({
    description: 'Where to go: the return address with `loggedIn=1` when signed in, else with `error=login_required`.',
    example: '/mijnslaagbundel/12/wiskunde-b?loggedIn=1',
  }),
});
