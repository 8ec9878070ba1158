import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';

/**
 * The settings the config/member, config/otp, config/mail, config/phone, config/notification and
 * config/cs screens edit (SPEC §2, §3 Settings): read from GET /admin/setting, each change one
 * PUT /admin/setting/{key} (the chief administrator only).
 */
export const adminConfigKeys = { settings: ['admin', 'config', 'settings'] as const };

export type ConfigSettings = Readonly<Record<string, unknown>>;

const SettingsAnswerSchema = z.object({
  data: z.array(z.object({ key: z.string(), value: z.unknown() })),
});

export function configSettingsQuery() {
  return queryOptions({
    queryKey: adminConfigKeys.settings,
    queryFn: async ({ client, signal }): Promise<ConfigSettings> => {
      const { data } = SettingsAnswerSchema.parse(
        await api.get('admin/setting', { searchParams: afterLatestWrite(client), signal }),
      );
      return Object.fromEntries(data.map((row) => [row.key, row.value]));
    },
  });
}

export function configSettingMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'config', 'setting'],
    mutationFn: async ({ key, value }: { key: string; value: unknown }, { client }) => {
      rememberWrite(client, await api.put(`admin/setting/${key}`, { json: { value } }));
      await client.invalidateQueries({ queryKey: adminConfigKeys.settings });
    },
  });
}

/** The setting's value when it has the expected type, else `fallback` (the screen's start). */
export function settingOf<Value>(
  settings: ConfigSettings | undefined,
  key: string,
  schema: z.ZodType<Value>,
  fallback: Value,
): Value {
  const parsed = schema.safeParse(settings?.[key]);
  return parsed.success ? parsed.data : fallback;
}

/** What GET /admin/setting says of a secret setting: only whether it is set, and since when. */
export const SecretStateSchema = z.object({ isSet: z.boolean(), changedAt: z.string().nullable() });
export type SecretState = z.infer<typeof SecretStateSchema>;

/** PUT /admin/setting-secret/{key}: writes (or, with null, clears) a secret; never read back. */
export function secretSettingMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'config', 'secret'],
    mutationFn: async ({ key, value }: { key: string; value: string | null }, { client }) => {
      rememberWrite(client, await api.put(`admin/setting-secret/${key}`, { json: { value } }));
      await client.invalidateQueries({ queryKey: adminConfigKeys.settings });
    },
  });
}

/** POST /admin/config/{mail|phone}/test-send: one test message through the configured sender. */
export function testSendMutation(channel: 'mail' | 'phone') {
  return mutationOptions({
    mutationKey: ['admin', 'config', 'test-send', channel],
    mutationFn: async ({ to }: { to: string }) => {
      await api.post(`admin/config/${channel}/test-send`, { json: { to } });
    },
  });
}

/** A comma-separated list (SPEC §5), without blanks. */
export function listOfText(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
