// No cycle: c → d only.
import { d } from './d.ts';

export const c = (): string => d;
