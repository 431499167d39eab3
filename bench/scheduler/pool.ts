/** A small pool of worker threads (node:worker_threads) that runs the bench's units on both cores. */
import { Worker } from 'node:worker_threads';
import type { ModelName } from './memory-models.ts';
import type { Cell, SeedSet } from './setting.ts';

export type Task =
  | { type: 'run'; cell: Cell; model: ModelName; set: SeedSet; index: number; oracleWeights: number[] | null }
  | { type: 'tune'; cell: Cell }
  | { type: 'fit'; set: SeedSet; index: number };

interface Pending {
  id: number;
  task: Task;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class Pool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private nextId = 0;

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./worker.ts', import.meta.url));
      worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
        const pending = this.running.get(worker)!;
        this.running.delete(worker);
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.result);
        this.idle.push(worker);
        this.dispatch();
      });
      worker.on('error', (error) => {
        const pending = this.running.get(worker);
        if (pending) pending.reject(error);
      });
      this.all.push(worker);
      this.idle.push(worker);
    }
  }

  run<T>(task: Task): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const pending = this.queue.shift()!;
      this.running.set(worker, pending);
      worker.postMessage({ id: pending.id, task: pending.task });
    }
  }

  async close() {
    await Promise.all(this.all.map((worker) => worker.terminate()));
  }
}
