// Proves how the brokerage console finds its SPEC §2 screens: a detail path with a parameter
// finds its screen, and the menu groups keep their order.
import { expect, test } from 'vitest';
import { findScreen, groupScreens } from '../../ui-kit/shell/console-screens.ts';
import { brokerageScreens } from './brokerage-screens.ts';

test('paths find their screens, parameters included', () => {
  expect(findScreen(brokerageScreens, 'child/8/view')?.key).toBe('childView');
});

test('groups keep menu order', () => {
  expect(groupScreens(brokerageScreens).map((group) => group.group)).toEqual([
    'home',
    'network',
    'business',
    'settlement',
    'details',
  ]);
});
