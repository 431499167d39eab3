import type * as z from 'zod';

/**
 * The message shown under a field (spec §5): server errors take priority over
 * client errors, and the first message is shown. An empty list counts as no
 * errors.
 */
export function firstFieldError(
  serverErrors?: readonly string[] | null,
  clientErrors?: readonly string[] | null,
): string | undefined {
  if (serverErrors && serverErrors.length > 0) return serverErrors[0];
  if (clientErrors && clientErrors.length > 0) return clientErrors[0];
  return undefined;
}

/**
 * Messages of a Zod error per field, keyed by dotted path ('address.postcode',
 * 'items.0.name'); form-level issues use the key ''. Messages keep their
 * order; use with firstFieldError (spec §5).
 */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map((segment) => String(segment)).join('.');
    (result[key] ??= []).push(issue.message);
  }
  return result;
}
