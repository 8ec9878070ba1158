/**
 * @ledger/chain: the chain-scanner port and the built-in simulated chain.
 */
export * from './chain-port.ts';
export * from './simulated-chain.ts';
