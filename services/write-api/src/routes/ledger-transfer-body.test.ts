// Proves the transfer's written-out hash input (transferBodyText) is byte for byte the sortedJson
// of { method, path, body } that clientBodyHash hashes, for every shape a valid body can take, so
// a retry after an upgrade still matches the body hash kept by the writer.

import { AccountTransferRequestSchema } from '@ledger/contracts';
import { sortedJson } from '@ledger/ledger-client';
import { describe, expect, test } from 'vitest';
import { transferBodyText } from './ledger-account-routes.ts';

const bodies: unknown[] = [
  { source_account_seq: 1, target_account_seq: 2, amount: '1' },
  { amount: '0.000000000000000001', target_account_seq: 9_999_999_999, source_account_seq: 17 },
  { source_account_seq: 3, target_account_number: '1000-0000-0016', amount: '123456789.5' },
  { target_account_number: '100000000016', amount: '7', source_account_seq: 1_000_000 },
];

describe('transferBodyText', () => {
  test.each(bodies)('equals sortedJson for %j', (raw) => {
    const body = AccountTransferRequestSchema.parse(raw);
    for (const [method, path] of [
      ['POST', '/api/v1/account-transfer'],
      ['POST', '/api/v1/"odd"\\path'],
    ] as const) {
      expect(transferBodyText(method, path, body)).toBe(sortedJson({ method, path, body }));
    }
  });
});
