import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore, GlobalPosition } from '@ledger/event-store';
import { processLimits } from './limits.ts';
import { readStreamState, type StreamFold } from './read-stream.ts';

/**
 * Read-your-writes on a process stream: a caller that recorded a request (and so nudged the
 * processor) waits until the process reaches a state it can answer with, at most `timeoutMs`,
 * and answers the state it found last, with its last event's position. The processor moves the process; the caller only reads.
 */
export async function waitForProcess<State, Event>(
  eventStore: EventStore,
  stream: string,
  fold: StreamFold<State, Event>,
  reached: (state: State) => boolean,
  options: { timeoutMs?: number } = {},
): Promise<{ state: State; reached: boolean; position: GlobalPosition | undefined }> {
  const deadline = Date.now() + (options.timeoutMs ?? processLimits.waitMs);
  for (let pause = 1; ; pause = Math.min(pause * 2, processLimits.waitPollMs)) {
    const { state, position } = await readStreamState(eventStore, stream, fold);
    if (reached(state)) return { state, reached: true, position };
    if (Date.now() >= deadline) return { state, reached: false, position };
    await delay(pause);
  }
}
