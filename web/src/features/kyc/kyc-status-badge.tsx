import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<string, string> = {
  requested: 'blue',
  started: 'blue',
  approved: 'teal',
  authenticated: 'teal',
  denied: 'red',
  failed: 'red',
  closed: 'gray',
};

const knownStatuses = Object.keys(colors);

/** A KYC request's status as a colored badge; an unknown status shows as the server sent it. */
export function KycStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('kyc');
  const label = knownStatuses.includes(status) ? t(`statuses.${status as 'requested'}`) : status;
  return (
    <Badge size="sm" variant="light" color={colors[status] ?? 'gray'} miw="max-content">
      {label}
    </Badge>
  );
}
