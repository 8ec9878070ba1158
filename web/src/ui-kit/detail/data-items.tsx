import { Badge, DataList, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateTimeText } from '../date-time/date-time-text.tsx';

/** One label–value row of a record's data list (Mantine DataList). */
export function DataItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** An identifier shown as typed (UID, hashes). */
export function CodeText({ children }: { children: ReactNode }) {
  return (
    <Text component="span" ff="monospace" size="sm">
      {children}
    </Text>
  );
}

/** An email address with a badge saying whether it is verified. */
export function VerifiedEmail(props: {
  address: string | null;
  isVerified: boolean;
  /** Shown when there is no address. */
  none: string;
  verifiedLabel: string;
  unverifiedLabel: string;
}) {
  return (
    <Group gap="xs">
      <span>{props.address ?? props.none}</span>
      <Badge size="sm" variant="light" color={props.isVerified ? 'teal' : 'orange'}>
        {props.isVerified ? props.verifiedLabel : props.unverifiedLabel}
      </Badge>
    </Group>
  );
}

/** A date and time in the active locale, or `emptyText` when there is none (never logged in). */
export function OptionalDateTime({
  value,
  emptyText,
}: {
  value: string | null;
  emptyText: string;
}) {
  return value === null ? emptyText : <DateTimeText value={value} size="sm" />;
}
