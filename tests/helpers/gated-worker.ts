import { serveTasks } from '../../server/worker-pool';

/**
 * A worker for the pool's tests: a task waits, blocking its thread, until the test opens its
 * gate (a shared flag), then answers twice its value; a negative value fails, zero ends the thread.
 */
export interface GatedTask {
  gate: SharedArrayBuffer | null;
  value: number;
}

serveTasks<GatedTask, number>((task) => {
  if (task.gate) Atomics.wait(new Int32Array(task.gate), 0, 0);
  if (task.value < 0) throw new Error(`refused ${task.value}`);
  if (task.value === 0) process.exit(3);
  return task.value * 2;
});
