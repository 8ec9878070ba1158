// Proves the notification template preview fills the placeholders it knows and keeps unknown ones as typed.
import { expect, test } from 'vitest';
import { previewSample, renderTemplate } from './template-preview.ts';

test('fills known placeholders, with or without spaces, and keeps unknown ones', () => {
  expect(
    renderTemplate('Hi {{user_id}}, {{ amount }} {{asset}} arrived. {{nope}}', previewSample),
  ).toBe('Hi alice, 0.5 BTC arrived. {{nope}}');
});
