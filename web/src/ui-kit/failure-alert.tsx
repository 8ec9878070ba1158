import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { failureMessage } from './failure-message.ts';

/** A failed call's message in an alert (announced to screen readers); nothing without a failure. */
export function FailureAlert({ error }: { error: unknown }): ReactNode {
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" role="alert">
      {failureMessage(error)}
    </Alert>
  );
}
