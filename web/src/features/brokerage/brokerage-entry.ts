import { redirect } from '@tanstack/react-router';
import { type Brokerage, loadBrokerages } from '../../lib/session/brokerage-list.ts';
import { selectedBrokerageSeqAtom } from '../../lib/session/selected-brokerage-atom.ts';
import type { RouterContext } from '../../router.tsx';

/** Where a user without the brokerage goes (SPEC §2). */
const noBrokerage = () => redirect({ to: '/login-me', search: { dashboard_type: 'brokerage' } });

/**
 * The brokerage console's entry check (SPEC §2): load the brokerage list, select the one the route
 * names, or send a user who has none to login-me with dashboard_type=brokerage.
 */
export async function enterBrokerageConsole(
  { queryClient, store }: Pick<RouterContext, 'queryClient' | 'store'>,
  brokerageSeq: string,
): Promise<Brokerage> {
  const brokerages = await loadBrokerages(queryClient);
  const brokerage = brokerages.find((candidate) => String(candidate.seq) === brokerageSeq);
  if (brokerage === undefined) throw noBrokerage();
  store.set(selectedBrokerageSeqAtom, String(brokerage.seq));
  return brokerage;
}

/** /brokerage-console without a seq: the brokerage chosen before, else the first one. */
export async function pickBrokerage({
  queryClient,
  store,
}: Pick<RouterContext, 'queryClient' | 'store'>): Promise<never> {
  const brokerages = await loadBrokerages(queryClient);
  const selected = store.get(selectedBrokerageSeqAtom);
  const brokerage =
    brokerages.find((candidate) => String(candidate.seq) === selected) ?? brokerages[0];
  if (brokerage === undefined) throw noBrokerage();
  throw redirect({
    to: '/brokerage-console/$brokerageSeq',
    params: { brokerageSeq: String(brokerage.seq) },
  });
}
