import type { ConsoleScreen } from '../../ui-kit/shell/console-screens.ts';

const screen = <const Key extends string, const Group extends string>(
  key: Key,
  path: string,
  group: Group,
) => ({ key, path, group }) satisfies ConsoleScreen<Key, Group>;

/** Every brokerage console screen of SPEC §2, under /brokerage-console/{brokerage_seq}. */
export const brokerageScreens = [
  screen('index', '', 'home'),
  screen('relationList', 'relation/list', 'network'),
  screen('memberList', 'member/list', 'network'),
  screen('childList', 'child/list', 'network'),
  screen('pgMerchantList', 'pg-merchant/list', 'business'),
  screen('outsiteTransactionList', 'outsite-transaction/list', 'business'),
  screen('shareList', 'share/list', 'settlement'),
  screen('balanceList', 'balance/list', 'settlement'),
  screen('childView', 'child/$child_seq/view', 'details'),
] as const;

export type BrokerageScreen = (typeof brokerageScreens)[number];
export type BrokerageScreenKey = BrokerageScreen['key'];
export type BrokerageScreenGroup = BrokerageScreen['group'];
