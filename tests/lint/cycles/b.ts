import type { A } from './a.ts';

export const b = (): string => {
  const value: A = { name: 'b' };
  return value.name;
};
