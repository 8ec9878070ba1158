// Where a benchmark's Postgres CPU goes: each backend's CPU from /proc, labelled by its client's
// application_name (background processes by their type). Shared by the benchmarks (Linux only).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** CPU ticks (1/100 s) of each child of the cluster's postmaster (backends, background processes). */
export function postgresTicksByPid(dataDir: string): Map<number, number> {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== postmaster) continue;
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks;
}

/** The statement that names each backend: its client's application_name, else its type. */
export const backendLabelsStatement = `SELECT pid, coalesce(nullif(application_name, ''), backend_type)
  AS label FROM pg_stat_activity`;

/**
 * Ticks between two readings of `postgresTicksByPid`, summed by label (`labels` are the rows of
 * `backendLabelsStatement`); a backend that ended before the labels were read counts as 'ended'.
 */
export function ticksByClient(
  labels: readonly { pid: number; label: string }[],
  before: Map<number, number>,
  after: Map<number, number>,
): Map<string, number> {
  const labelOf = new Map(labels.map((row) => [row.pid, row.label]));
  const byLabel = new Map<string, number>();
  for (const [pid, ticks] of after) {
    const label = labelOf.get(pid) ?? 'ended';
    byLabel.set(label, (byLabel.get(label) ?? 0) + ticks - (before.get(pid) ?? 0));
  }
  return byLabel;
}
