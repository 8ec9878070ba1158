// Proves the command-key filter never forgets a key it was given (no false negatives, across
// growth into several layers) and answers "maybe" for few keys it never saw.

import { commandKey } from '@ledger/ledger-client';
import { expect, test } from 'vitest';
import { KeyFilter } from './key-filter.ts';

test('every added key is reported, across layers; unseen keys mostly are not', () => {
  const filter = new KeyFilter({ capacity: 1_024 });
  const added = Array.from({ length: 50_000 }, (_, index) =>
    commandKey(`member:${index % 97}`, `r0c64p1234-${index % 2}-${index}`),
  );
  for (const key of added) filter.add(key);
  expect(filter.size).toBe(added.length);
  expect(added.every((key) => filter.mightContain(key))).toBe(true);
  let falsePositives = 0;
  const probes = 50_000;
  for (let index = 0; index < probes; index += 1) {
    if (filter.mightContain(commandKey(`member:${index % 97}`, `unseen-${index}`))) {
      falsePositives += 1;
    }
  }
  // About 6 in a million per layer at capacity; several layers, so allow a little more.
  expect(falsePositives / probes).toBeLessThan(0.001);
});

test('an empty filter has seen nothing', () => {
  expect(new KeyFilter().mightContain(commandKey('member:1', 'x'))).toBe(false);
});
