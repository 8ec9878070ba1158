// Proves the decider specification harness catches what it promises to: a wrong outcome, a decide
// that mutates its state, events that do not survive JSON, broken invariants and assertions.
import { describe, expect, it } from 'vitest';
import { accepted, assert, type Decider, rejected, stateFrom } from '../index.ts';
import { deciderSpecification } from './decider-specification.ts';

type Event = { type: 'Added'; amount: string };
type Command = { type: 'Add'; amount: string } | { type: 'Boom' };
type Rejection = { type: 'TooMuch'; max: string } | { type: 'Zero' };
type State = { total: bigint; items: Map<string, bigint> };

const counter: Decider<Command, Event, State, Rejection> = {
  initialState: () => ({ total: 0n, items: new Map() }),
  evolve: (state, event) => ({ ...state, total: state.total + BigInt(event.amount) }),
  decide: (command, state) => {
    assert(command.type === 'Add', 'only Add is decided');
    if (command.amount === '0') return rejected({ type: 'Zero' });
    if (state.total + BigInt(command.amount) > 10n) return rejected({ type: 'TooMuch', max: '10' });
    return accepted([{ type: 'Added', amount: command.amount }]);
  },
};
const added = (amount: string): Event => ({ type: 'Added', amount });
const { given } = deciderSpecification(counter);

describe('deciderSpecification', () => {
  it('passes the outcomes the decider gives', () => {
    given([added('4')])
      .when({ type: 'Add', amount: '5' })
      .then([added('5')]);
    given([added('4')])
      .when({ type: 'Add', amount: '7' })
      .thenRejects('TooMuch', { max: '10' });
    given([]).when({ type: 'Add', amount: '0' }).thenRejects('Zero');
    given([])
      .when({ type: 'Boom' })
      .thenAsserts(/only Add/);
    expect(given([]).when({ type: 'Add', amount: '1' }).decision()).toEqual(accepted([added('1')]));
    expect(stateFrom(counter, [added('2'), added('3')]).total).toBe(5n);
  });

  it('fails on a wrong outcome or a wrong rejection', () => {
    expect(() =>
      given([])
        .when({ type: 'Add', amount: '5' })
        .then([added('6')]),
    ).toThrow();
    expect(() => given([]).when({ type: 'Add', amount: '0' }).thenRejects('TooMuch')).toThrow();
    expect(() =>
      given([added('9')])
        .when({ type: 'Add', amount: '5' })
        .thenRejects('TooMuch', { max: '9' }),
    ).toThrow();
  });

  it('fails when decide changes the state, bigints and maps included', () => {
    const mutating = deciderSpecification({
      ...counter,
      decide: (command: Command, state: State) => {
        state.items.set('x', 1n);
        return counter.decide(command, state);
      },
    });
    expect(() =>
      mutating
        .given([])
        .when({ type: 'Add', amount: '1' })
        .then([added('1')]),
    ).toThrow(/must not change the state/);
  });

  it('fails when events do not survive JSON or invariants break', () => {
    const lossy = deciderSpecification<Command, Event, State, Rejection>({
      ...counter,
      decide: () => accepted([{ type: 'Added', amount: '1', extra: undefined } as Event]),
    });
    expect(() =>
      lossy
        .given([])
        .when({ type: 'Add', amount: '1' })
        .then([{ type: 'Added', amount: '1', extra: undefined } as Event]),
    ).toThrow();
    const bounded = deciderSpecification(counter, {
      invariants: (state) => assert(state.total <= 5n, 'total at most 5'),
    });
    expect(() =>
      bounded
        .given([])
        .when({ type: 'Add', amount: '6' })
        .then([added('6')]),
    ).toThrow(/at most 5/);
  });
});
