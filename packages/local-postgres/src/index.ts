export {
  killCluster,
  type LocalPostgres,
  type LocalPostgresOptions,
  removeOrphanedClusters,
  startLocalPostgres,
} from './local-postgres.ts';
