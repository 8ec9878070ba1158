import { createFileRoute } from '@tanstack/react-router';
import { pickBrokerage } from '../../../features/brokerage/brokerage-entry.ts';

export const Route = createFileRoute('/_authenticated/brokerage-console/')({
  beforeLoad: ({ context }) => pickBrokerage(context),
});
