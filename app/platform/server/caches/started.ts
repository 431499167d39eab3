/**
 * `load()` as a promise that settles once. A cache or memo must keep this, never what `load` returned: a query
 * builder (Drizzle's) is a thenable that runs its SQL again each time it is awaited, so a kept builder would keep
 * nothing and run the query once per reader. A synchronous throw becomes a rejection.
 */
export function started<T>(load: () => PromiseLike<T> | T): Promise<T> {
  try {
    return Promise.resolve(load());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
