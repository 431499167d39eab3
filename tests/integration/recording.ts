/** What an adapter did, for its contract tests against a local fake: the requests the fake received, log lines, errors. */
import { inspect } from 'node:util';
import pino, { type Level } from 'pino';

/** What the fake received while `run` ran, in order. */
export async function received<T>(fake: { requests: T[] }, run: () => Promise<unknown>): Promise<T[]> {
  const before = fake.requests.length;
  await run();
  return fake.requests.slice(before);
}

/** A pino logger from `level` up that keeps its lines for assertions. */
export function recordingLogger(level: Level) {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** Everything an error can show of itself: message, stack, properties, JSON. */
export const everythingOf = (error: unknown) =>
  [String(error), inspect(error, { depth: 5 }), JSON.stringify(error)].join('\n');
