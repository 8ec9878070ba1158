/** @ledger/decider: the decider kernel every domain package builds on. Pure. */

export { AssertionError, assert } from './assert.ts';
export { type Decider, stateFrom } from './decider.ts';
export { accepted, type Decision, rejected } from './decision.ts';
