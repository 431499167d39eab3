// A cycle fixture for .dependency-cruiser.cjs (server/lint-boundaries.test.ts): a → b by value, b → a by type only.
import { b } from './b.ts';

export interface A {
  name: string;
}
export const a = (): string => b();
