// Proves how the admin console finds the SPEC §2 screen for a path: parameters match any one
// segment, lengths must agree, and detail screens are told apart from menu screens.
import { expect, test } from 'vitest';
import { findScreen, hasPathParameters, samplePath } from '../../ui-kit/shell/console-screens.ts';
import { adminScreens } from './admin-screens.ts';

test('paths find their screens, parameters included', () => {
  expect(findScreen(adminScreens, 'member/list')?.key).toBe('memberList');
  expect(findScreen(adminScreens, 'member/42/loginlog/')?.key).toBe('memberLoginlog');
  expect(findScreen(adminScreens, 'brokerage/balance-list')?.key).toBe('brokerageBalanceList');
  expect(findScreen(adminScreens, 'brokerage/3/balance-list')?.key).toBe(
    'brokerageBalanceListDetail',
  );
  expect(findScreen(adminScreens, 'member/42')).toBeUndefined();
  expect(findScreen(adminScreens, 'member/list/extra')).toBeUndefined();
});

test('detail screens have parameters; samples fill them', () => {
  const detail = findScreen(adminScreens, 'pg/merchant/1/view');
  expect(detail && hasPathParameters(detail)).toBe(true);
  expect(detail && samplePath(detail, '9')).toBe('pg/merchant/9/view');
  expect(hasPathParameters(adminScreens[1])).toBe(false);
});

test('keys are unique', () => {
  expect(new Set(adminScreens.map((screen) => screen.key)).size).toBe(adminScreens.length);
});
