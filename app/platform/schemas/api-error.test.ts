import { describe, expect, it } from 'vitest';
import { API_MESSAGES, apiErrorBody, apiErrorSchema } from './api-error.ts';

describe('the API error shape', () => {
  it('builds the body with the status repeated', () => {
    expect(apiErrorBody(404, 'not_found', API_MESSAGES.NOT_FOUND)).toEqual({
      status: 404,
      error: 'not_found',
      message: 'Deze API-route bestaat niet.',
    });
    expect(apiErrorBody(400, 'validation_failed', API_MESSAGES.VALIDATION_FAILED, { a: ['b'] })).toMatchObject({
      fieldErrors: { a: ['b'] },
    });
  });

  it('describes error answers and nothing else', () => {
    expect(apiErrorSchema.safeParse({ status: 429, error: 'rate_limited', message: 'x' }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ status: 200, error: 'x', message: 'x' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(apiErrorSchema.safeParse('Internal Server Error').success).toBe(false);
  });

  it('says in Dutch how long to wait', () => {
    expect(API_MESSAGES.rateLimited(42)).toBe('Je hebt dit te vaak geprobeerd. Probeer het over 42 seconden opnieuw.');
    expect(API_MESSAGES.rateLimited(1)).toBe('Je hebt dit te vaak geprobeerd. Probeer het over 1 seconde opnieuw.');
  });
});
