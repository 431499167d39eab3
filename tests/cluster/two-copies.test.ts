/**
 * Two server copies straight on one PostgreSQL database (ADR 029): sessions, reviews, kept views, rate limits,
 * jobs and a checkout each meet both copies (./two-copies.ts).
 */
import { describe, inject } from 'vitest';
import { twoCopies } from './two-copies.ts';

describe('two copies on one PostgreSQL', () => {
  twoCopies(() => {
    const { direct } = inject('cluster');
    return { databaseUrl: direct, factsUrl: direct };
  });
});
