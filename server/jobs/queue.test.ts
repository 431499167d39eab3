import { describe, expect, it } from 'vitest';
import { retryTransient } from './queue.ts';

/** An error as node-postgres reports PostgreSQL's: the SQLSTATE in `code`. */
const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('retryTransient (two copies creating the same queues at start-up)', () => {
  it('runs again after a deadlock or a serialization failure, and answers what the later run gives', async () => {
    const failures = [pgError('40P01'), pgError('40001')];
    let runs = 0;
    const answer = await retryTransient(async () => {
      runs++;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'created';
    });
    expect(answer).toBe('created');
    expect(runs).toBe(3);
  });

  it('does not run again after any other error', async () => {
    let runs = 0;
    const refusal = retryTransient(async () => {
      runs++;
      throw pgError('23505');
    });
    await expect(refusal).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });

  it('gives up after its attempts, with the last error', async () => {
    let runs = 0;
    const refusal = retryTransient(async () => {
      runs++;
      throw pgError('40P01');
    }, 3);
    await expect(refusal).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(3);
  });
});
