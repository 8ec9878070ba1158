// Proves a withdrawal's fee is shown in the active locale with its asset and every digit the API
// sent, also when the fee is in another asset than the withdrawal (an 18-decimal fee is not cut
// to 8 places).
import { expect, test } from 'vitest';
import { feeText } from './withdraw-labels.ts';

test('a fee in the locale with its asset, every digit kept', () => {
  expect(feeText({ fee_amount: '1234', fee_asset: 'KRW' }, 'en-US')).toBe('1,234 KRW');
  expect(feeText({ fee_amount: '1234.50000000', fee_asset: 'USDT' }, 'vi-VN')).toBe('1.234,5 USDT');
  expect(feeText({ fee_amount: '0.000000000000000123', fee_asset: 'ETH' }, 'ko-KR')).toBe(
    '0.000000000000000123 ETH',
  );
});
