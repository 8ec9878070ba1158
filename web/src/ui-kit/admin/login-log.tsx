import { Anchor, Badge, Text } from '@mantine/core';
import { queryOptions } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { api } from '../../lib/api-client.ts';
import { afterLatestWrite } from '../../lib/written-position.ts';
import { formatDateTime } from '../date-time/format-date-time.ts';
import type { ListColumn } from '../list/list-screen.tsx';
import { type ListSearch, listPageSchema, listQueryParams } from '../list/list-search.ts';

/** The results a login attempt can have (contracts `LoginLogQuerySchema`). */
export const loginResults = [
  'succeeded',
  'otp_required',
  'invalid_credentials',
  'otp_invalid',
  'rate_limited',
  'denied',
] as const;
export type LoginResult = (typeof loginResults)[number];

export const LoginLogRowSchema = z.object({
  attempt_id: z.string(),
  member_seq: z.number().int().nullable(),
  user_id: z.string().nullable(),
  result: z.string(),
  session_id: z.string().nullable(),
  attempted_at: z.string(),
  request_id: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type LoginLogRow = z.infer<typeof LoginLogRowSchema>;

const resultColors: Record<LoginResult, string> = {
  succeeded: 'teal',
  otp_required: 'blue',
  invalid_credentials: 'orange',
  otp_invalid: 'orange',
  rate_limited: 'red',
  denied: 'red',
};

function isLoginResult(value: string): value is LoginResult {
  return (loginResults as readonly string[]).includes(value);
}

/** The localized name of a result; an unknown one is shown as the server sent it. */
export function loginResultText(result: string, t: TFunction<'admin-access'>): string {
  return isLoginResult(result) ? t(`loginlog.results.${result}`) : result;
}

/**
 * GET /admin/loginlog, or one member's (GET /admin/member/{seq}/loginlog): attempts with IP and
 * user agent, after the app's last write.
 */
export function loginLogQuery(search: ListSearch & Record<string, unknown>, memberSeq?: number) {
  const path = memberSeq === undefined ? 'admin/loginlog' : `admin/member/${memberSeq}/loginlog`;
  return queryOptions({
    queryKey: ['admin', 'loginlog', memberSeq ?? 'all', search] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(LoginLogRowSchema).parse(
        await api.get(path, {
          searchParams: { ...listQueryParams(search), ...afterLatestWrite(client) },
          signal,
        }),
      ),
  });
}

/** The columns of a login log; `withMember` adds who tried (the global list). */
export function useLoginLogColumns(withMember: boolean): ListColumn<LoginLogRow>[] {
  const { t } = useTranslation('admin-access');
  const locale = useAtomValue(localeAtom);
  const none = t('none');
  const columns: ListColumn<LoginLogRow>[] = [
    {
      accessor: 'attempted_at',
      title: t('loginlog.columns.attemptedAt'),
      isSortable: true,
      text: (row) => formatDateTime(row.attempted_at, locale),
    },
    {
      accessor: 'result',
      title: t('loginlog.columns.result'),
      text: (row) => loginResultText(row.result, t),
      render: (row) => (
        <Badge
          size="sm"
          variant="light"
          miw="max-content"
          color={isLoginResult(row.result) ? resultColors[row.result] : 'gray'}
        >
          {loginResultText(row.result, t)}
        </Badge>
      ),
    },
    {
      accessor: 'ip_address',
      title: t('loginlog.columns.ipAddress'),
      text: (row) => row.ip_address ?? none,
      render: (row) => (
        <Text component="span" size="sm" ff="monospace">
          {row.ip_address ?? none}
        </Text>
      ),
    },
    {
      accessor: 'user_agent',
      title: t('loginlog.columns.userAgent'),
      text: (row) => row.user_agent ?? none,
      render: (row) => (
        <Text component="span" size="xs" lineClamp={2} title={row.user_agent ?? undefined}>
          {row.user_agent ?? none}
        </Text>
      ),
    },
  ];
  if (!withMember) return columns;
  const member: ListColumn<LoginLogRow> = {
    accessor: 'member',
    title: t('loginlog.columns.member'),
    text: (row) =>
      row.member_seq === null
        ? t('loginlog.unknownMember')
        : (row.user_id ?? String(row.member_seq)),
    render: (row) =>
      row.member_seq === null ? (
        t('loginlog.unknownMember')
      ) : (
        <Anchor component={Link} to={`/admin/member/${row.member_seq}/loginlog`} size="sm">
          {row.user_id ?? t('loginlog.memberNumber', { seq: row.member_seq })}
        </Anchor>
      ),
  };
  return [columns[0] as ListColumn<LoginLogRow>, member, ...columns.slice(1)];
}
