/** The memory of a server under load: its RSS from /proc, sampled while it works. */
import { readFileSync } from 'node:fs';

/** The resident set size of a process in MB (`VmRSS` of /proc/<pid>/status), or null when it cannot be read. */
export function readRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export interface RssSampler {
  /** Every sample taken, in MB. */
  samples: number[];
  /** Takes a sample now and then every `intervalMs`. */
  start(): void;
  /** Stops sampling, with one last sample. */
  stop(): void;
}

export function rssSampler(pid: number, intervalMs: number): RssSampler {
  const samples: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  const take = () => {
    const mb = readRssMb(pid);
    if (mb !== null) samples.push(mb);
  };
  return {
    samples,
    start() {
      take();
      timer = setInterval(take, intervalMs);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      take();
    },
  };
}
