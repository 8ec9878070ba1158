import { createSimulatedWithdrawalChain, type SimulatedWithdrawalChain } from './chain-port.ts';

let shared: SimulatedWithdrawalChain | undefined;

/**
 * The one simulated chain of this process: the write API (which broadcasts when an administrator
 * approves) and the withdrawal processor (which reconciles) must see the same transactions.
 */
export function sharedSimulatedWithdrawalChain(): SimulatedWithdrawalChain {
  shared ??= createSimulatedWithdrawalChain();
  return shared;
}
