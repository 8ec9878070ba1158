import type { AccountStatus } from '@ledger/contracts';
import { Badge } from '@mantine/core';
import { useLedgerLabels } from '../../i18n/labels/ledger-labels.ts';

/** An account's status (SPEC §3: normal or fraud); a frozen account stands out in red. */
export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const labels = useLedgerLabels();
  return (
    <Badge color={status === 'fraud' ? 'red' : 'teal'} variant="light">
      {labels.status(status)}
    </Badge>
  );
}
