/**
 * @ledger/assets: the asset catalog, asset plug-ins and deposits as pure deciders.
 * No I/O, no clock, no randomness: time and ids arrive in the commands.
 */
export * from './asset-catalog.ts';
export * from './asset-plugins.ts';
export * from './chain-deposits.ts';
export * from './deposit-addresses.ts';
export * from './deposit-requests.ts';
export * from './deposit-steps.ts';
