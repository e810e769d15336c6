import { getHeapSpaceStatistics } from 'node:v8';
import { resourceLimits } from 'node:worker_threads';
import { serveTasks } from '../../server/worker-pool';

/**
 * A worker for the pool's heap tests: makes `objects` short-lived objects (a few surviving a
 * while, as a render's do), then answers the bounds the thread runs with and the size its young
 * generation reached, in bytes.
 */
export interface HeapReport {
  resourceLimits: typeof resourceLimits;
  newSpaceBytes: number;
}

serveTasks<{ objects: number }, HeapReport>(({ objects }) => {
  let kept: Array<{ index: number; text: string }> = [];
  for (let index = 0; index < objects; index += 1) {
    const made = { index, text: `object ${index}` };
    if (index % 3 === 0) kept.push(made);
    if (kept.length > 100_000) kept = [];
  }
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return { resourceLimits, newSpaceBytes: newSpace?.space_size ?? 0 };
});
