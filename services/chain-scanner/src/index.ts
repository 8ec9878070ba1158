/**
 * @ledger/chain-scanner: follows each allowed asset plug-in's chain and credits deposits after
 * their confirmations, exactly once (docs/adr/0012).
 */
export {
  type ChainScannerDependencies,
  type ScanReport,
  scanAll,
  scanPlugin,
} from './chain-scanner.ts';
export {
  builtInAdapters,
  type ChainScannerWorker,
  startChainScanner,
} from './start-chain-scanner.ts';
