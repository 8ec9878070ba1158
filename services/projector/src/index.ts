export {
  createReconciliationJob,
  type ReconciliationHealth,
  type ReconciliationJob,
  reconciliationAlertCode,
  reconciliationLockKey,
} from './reconciliation-job.ts';
export { type Projector, type ProjectorOptions, startProjector } from './start-projector.ts';
