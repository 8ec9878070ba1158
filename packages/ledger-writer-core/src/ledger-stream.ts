/** The one stream every balance change lives in (DESIGN.md §3; partitions later, §7). */
export const ledgerStream = 'ledger';
