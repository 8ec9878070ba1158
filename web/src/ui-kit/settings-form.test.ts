// Proves that the config screens save only the settings whose value changed (whatever the key order of an object), in order, and stop at the first refusal.
import { describe, expect, it } from 'vitest';
import { saveChangedSettings } from './settings-form.tsx';

describe('saveChangedSettings', () => {
  it('saves only the changed keys, in the given order', async () => {
    const saved: string[] = [];
    const done = await saveChangedSettings(
      [
        ['a', 1],
        ['b', { BTC: '0.1' }],
        ['c', 'same'],
      ],
      { a: 2, b: { BTC: '0.1' }, c: 'same' },
      async ({ key, value }) => {
        saved.push(`${key}=${JSON.stringify(value)}`);
      },
    );
    expect(done).toBe(true);
    expect(saved).toEqual(['a=1']);
  });

  it('stops at the first refusal and reports it', async () => {
    const saved: string[] = [];
    const done = await saveChangedSettings(
      [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ],
      undefined,
      async ({ key }) => {
        if (key === 'b') throw new Error('refused');
        saved.push(key);
      },
    );
    expect(done).toBe(false);
    expect(saved).toEqual(['a']);
  });

  it('treats an object with the same entries in another key order as unchanged', async () => {
    const saved: string[] = [];
    await saveChangedSettings(
      [['t', { subject: 's', body: 'b' }]],
      { t: { body: 'b', subject: 's' } },
      async ({ key }) => {
        saved.push(key);
      },
    );
    expect(saved).toEqual([]);
  });
});
