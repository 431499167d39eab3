import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrorsFromZod } from '../../app/schemas/errors.ts';

/** 400 with Dutch field errors: `{ error, message, fieldErrors: { field: [messages] } }`. */
export function validationError(c: Context, error: z.ZodError) {
  return c.json(
    {
      error: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      fieldErrors: fieldErrorsFromZod(error),
    },
    400,
  );
}

export function notFound(c: Context, message = 'Deze API-route bestaat niet.') {
  return c.json({ error: 'not_found', message }, 404);
}
