import type { Decision } from '@ledger/decider';
import type { EventStore, GlobalPosition } from '@ledger/event-store';
import { handleCommand } from './handle-command.ts';
import { processLimits } from './limits.ts';
import { readStreamState, type StreamFold } from './read-stream.ts';

/**
 * The one process runner. A process is a decider over its own stream (the process decider), a
 * next-step function (state → the step to take next, or none) and a table of steps, each its own
 * short file: a step performs ONE side effect (one ledger command whose id derives from the
 * process id and the step name, one chain broadcast keyed by what it sends) and answers the
 * command that records its outcome on the process stream. The runner reads the stream once, takes
 * the next step, records its outcome through handleCommand (whose answer is the state after it)
 * and repeats until no step is next. A crash anywhere leaves a state whose next step is the one
 * not yet recorded; running the process again takes it again with the same ids, so the side
 * effect happens once (the ledger answers a repeated command id with its first outcome).
 */

/** The process decider: initial state, evolve and decide over the process stream. */
export type ProcessDecider<State, Event, Command, Rejection> = StreamFold<State, Event> & {
  decide: (command: Command, state: State) => Decision<Event, Rejection>;
};

/**
 * What a step answers: the command recording its outcome, that command's id, and where its side
 * effect landed in the event store if it did (the ledger's answer), so a caller's read-your-writes
 * waits for the money as well as for the record.
 */
export type StepRecord<Command> = {
  commandId: string;
  command: Command;
  position?: GlobalPosition | undefined;
};

/** The context a step runs in: the process id and the state its step was chosen from. */
export type StepContext<State> = { processId: string; state: State };

/** One step per kind of the next-step function's answer. */
export type StepTable<Step extends { kind: string }, State, Command> = {
  [Kind in Step['kind']]: (
    step: Extract<Step, { kind: Kind }>,
    context: StepContext<State>,
  ) => Promise<StepRecord<Command>>;
};

export type ProcessDefinition<
  State,
  Event extends { type: string; data: unknown },
  Command,
  Rejection,
  Step extends { kind: string },
> = {
  /** The process type (the resumer's logs). */
  name: string;
  /** The process stream of a process id; every process stream starts with `streamPrefix`. */
  streamOf: (processId: string) => string;
  streamPrefix: string;
  decider: ProcessDecider<State, Event, Command, Rejection>;
  /** The step to take next, or undefined when the process waits for a person, the chain, or is done. */
  nextStep: (state: State) => Step | undefined;
  steps: StepTable<Step, State, Command>;
  /** The actor of the records the runner appends (`system:<name>`). */
  actor: string;
  /** The error a refused record is thrown as. */
  refused: (rejection: Rejection) => Error;
  /** Called after each recorded outcome (a test's fault hook). */
  afterRecord?: ((step: Step) => void) | undefined;
};

export type ProcessRun<State> = {
  state: State;
  /** The latest position this run's records and side effects reached; null when none. */
  position: GlobalPosition | null;
  /** Steps taken. */
  steps: number;
};

/** Takes every step the process can take now, in order, and answers where it stands. */
export async function runProcess<
  State,
  Event extends { type: string; data: unknown },
  Command,
  Rejection,
  Step extends { kind: string },
>(
  eventStore: EventStore,
  definition: ProcessDefinition<State, Event, Command, Rejection, Step>,
  processId: string,
  options: { requestId?: string | undefined } = {},
): Promise<ProcessRun<State>> {
  const stream = definition.streamOf(processId);
  const { decider } = definition;
  let { state } = await readStreamState(eventStore, stream, decider);
  let position: GlobalPosition | null = null;
  for (let steps = 0; steps < processLimits.stepsMax; steps += 1) {
    const step = definition.nextStep(state);
    if (step === undefined) return { state, position, steps };
    const take = definition.steps[step.kind as Step['kind']] as (
      step: Step,
      context: StepContext<State>,
    ) => Promise<StepRecord<Command>>;
    const { commandId, command, position: effect } = await take(step, { processId, state });
    const recorded = await handleCommand(
      eventStore,
      stream,
      decider,
      (current) => decider.decide(command, current),
      { commandId, actor: definition.actor, requestId: options.requestId ?? commandId },
    );
    if (recorded.kind === 'rejected') throw definition.refused(recorded.rejection);
    state = recorded.state;
    position = latest(latest(position, effect ?? null), recorded.position);
    definition.afterRecord?.(step);
  }
  throw new Error(
    `${definition.name} ${processId} did not settle in ${processLimits.stepsMax} steps`,
  );
}

/** The later of two positions (positions of one store compare as their text). */
function latest(left: GlobalPosition | null, right: GlobalPosition | null): GlobalPosition | null {
  if (left === null) return right;
  return right === null || right < left ? left : right;
}
