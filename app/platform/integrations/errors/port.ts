/** Error-reporting port (spec §8: API and route errors are reported). */
export interface ErrorReporter {
  capture(error: unknown, context?: Record<string, unknown>): void;
  flush(timeoutMs?: number): Promise<void>;
}
