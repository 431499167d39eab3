import type { A } from './a.ts';

export const b = (): string => (({ name: 'b' }) satisfies A) && 'b';
