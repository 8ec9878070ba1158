// Proves that the outcome window never evicts a command the command-outcome projection does not hold yet (nor a pending one), reports itself full then, evicts projected commands down to its kept size, and keeps whole answers only for the newest commands.
import type { GlobalPosition } from '@ledger/event-store';
import type { LedgerAnswer } from '@ledger/ledger-client';
import { describe, expect, test } from 'vitest';
import { OutcomeWindow } from './outcome-window.ts';

const position = '00000000000000000001:00000000000000000001' as GlobalPosition;

function answer(revision: number): LedgerAnswer {
  return { kind: 'accepted', commandId: `c${revision}`, events: [], revision: String(revision) };
}

function fill(window: OutcomeWindow, count: number): void {
  for (let revision = 0; revision < count; revision += 1) {
    window.set(`k${revision}`, {
      bodyHash: 'h',
      revisionFirst: revision,
      eventCount: 1,
      position,
      answer: undefined,
      pending: undefined,
    });
    window.commit(`k${revision}`, position, answer(revision));
  }
}

describe('the outcome window', () => {
  test('evicts only what the projection holds, oldest first', () => {
    const window = new OutcomeWindow({ sizeMax: 3, answersMax: 10 });
    fill(window, 5);
    expect(window.size).toBe(5);
    expect(window.isFull()).toBe(true);
    window.setProjectedRevision(1);
    expect(window.get('k0')).toBeUndefined();
    expect(window.get('k1')).toBeUndefined();
    expect(window.get('k2')).toBeDefined();
    expect(window.isFull()).toBe(true);
    window.setProjectedRevision(10);
    expect(window.size).toBeLessThan(3);
    expect(window.isFull()).toBe(false);
  });

  test('never evicts a pending command', () => {
    const window = new OutcomeWindow({ sizeMax: 1, answersMax: 10 });
    window.set('p', {
      bodyHash: 'h',
      revisionFirst: 0,
      eventCount: 1,
      position: undefined,
      answer: undefined,
      pending: {},
    });
    window.set('q', {
      bodyHash: 'h',
      revisionFirst: 1,
      eventCount: 1,
      position,
      answer: undefined,
      pending: undefined,
    });
    window.setProjectedRevision(5);
    expect(window.get('p')).toBeDefined();
  });

  test('with sizeKept, evicts what the projection holds down to it, long before the bound', () => {
    const window = new OutcomeWindow({ sizeMax: 100, answersMax: 10, sizeKept: 2 });
    fill(window, 6);
    window.setProjectedRevision(-1);
    expect(window.size).toBe(6);
    window.setProjectedRevision(2);
    expect(window.size).toBe(3);
    expect(window.get('k2')).toBeUndefined();
    expect(window.get('k3')).toBeDefined();
    window.setProjectedRevision(10);
    expect([...window.keys()]).toEqual(['k4', 'k5']);
    expect(window.isFull()).toBe(false);
  });

  test('keeps whole answers for the newest commands only', () => {
    const window = new OutcomeWindow({ sizeMax: 100, answersMax: 2 });
    fill(window, 4);
    expect(window.get('k0')?.answer).toBeUndefined();
    expect(window.get('k1')?.answer).toBeUndefined();
    expect(window.get('k3')?.answer).toEqual(answer(3));
    expect(window.get('k0')?.bodyHash).toBe('h');
  });
});
