/** A worker thread of the scheduler bench: runs the units experiment.ts defines, one message at a time. */
import { parentPort } from 'node:worker_threads';
import { fitOracle, runPupil, tuneRetention } from './experiment.ts';
import type { Task } from './pool.ts';

parentPort!.on('message', async ({ id, task }: { id: number; task: Task }) => {
  try {
    const result =
      task.type === 'run'
        ? runPupil(task.cell, task.model, task.set, task.index, task.oracleWeights)
        : task.type === 'tune'
          ? tuneRetention(task.cell)
          : await fitOracle(task.set, task.index);
    parentPort!.postMessage({ id, result });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
