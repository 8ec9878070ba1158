import { Badge, Center, Group, Loader, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  isDefaultTitle,
  mySecurityLevelQuery,
  type RestrictionPolicy,
  type SecurityLevelDefinition,
  securityConditions,
} from '../../lib/queries/security-level-api.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';

const checkMark = '\u2713';
const openMark = '\u2022';

/** One restriction in words: "No new accounts (BTC)", "One withdrawal at most 0.5 BTC". */
export function restrictionText(policy: RestrictionPolicy, t: TFunction<'security-level'>): string {
  const asset = policy.asset ?? t('allAssets');
  if (policy.target === 'CREATE_ACCOUNT') return t('restrictions.createAccount', { asset });
  return t(
    policy.target === 'WITHDRAW_ONE_TIME_AMOUNT'
      ? 'restrictions.oneTimeAmount'
      : 'restrictions.dailyAmount',
    { asset },
  );
}

function LevelRow({ level, current }: { level: SecurityLevelDefinition; current: number }) {
  const { t } = useTranslation('security-level');
  const isCurrent = level.security_level === current;
  return (
    <Table.Tr
      {...(isCurrent ? { bg: 'var(--mantine-color-blue-light)' } : {})}
      data-current={isCurrent}
    >
      <Table.Td>
        <Group gap={6} wrap="nowrap" miw={120}>
          <Text size="sm" fw={isCurrent ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
            {t('levelNumber', { level: level.security_level })}
          </Text>
          {isCurrent ? (
            <Badge size="xs" variant="light">
              {t('yours')}
            </Badge>
          ) : undefined}
        </Group>
        {isDefaultTitle(level) ? undefined : (
          <Text size="xs" c="dimmed">
            {level.title}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {level.conditions === null
            ? t('byAdministrator')
            : level.conditions.length === 0
              ? t('noConditions')
              : level.conditions.map((condition) => t(`conditions.${condition}`)).join(', ')}
        </Text>
      </Table.Td>
      <Table.Td>
        {level.policies.length === 0 ? (
          <Text size="sm">{t('unrestricted')}</Text>
        ) : (
          <Stack gap={2}>
            {level.policies.map((policy) => (
              <Group key={`${policy.target}-${policy.asset ?? ''}`} gap={4} wrap="nowrap">
                <Text size="sm">{restrictionText(policy, t)}</Text>
                {policy.amount === null ? undefined : (
                  <AmountText
                    amount={policy.amount}
                    decimalPoint={18}
                    assetCode={policy.asset ?? undefined}
                    size="sm"
                    fw={600}
                  />
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * SPEC §2 security level view: the member's level (and whether an administrator locked it), each
 * SPEC §3 condition met or not, and what every level needs and restricts (account creation, one-time
 * and daily withdraw amounts per asset). The level follows the conditions by itself unless locked.
 */
export function SecurityLevelSection() {
  const { t } = useTranslation('security-level');
  const view = useQuery(mySecurityLevelQuery());
  return (
    <MyPageSection title={t('title')} description={t('description')}>
      {view.data === undefined ? (
        view.isPending ? (
          <Center>
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : (
          <FailureAlert error={view.error} />
        )
      ) : (
        <Stack gap="sm">
          <Group gap="sm">
            <Text fw={700}>{t('current', { level: view.data.security_level })}</Text>
            {view.data.is_security_level_locked ? (
              <Badge variant="light" color="gray">
                {t('locked')}
              </Badge>
            ) : undefined}
          </Group>
          <Group gap="md">
            {securityConditions.map((condition) => {
              const isMet = view.data.satisfied_conditions.includes(condition);
              return (
                <Group key={condition} gap={6} wrap="nowrap">
                  <ThemeIcon size={18} radius="xl" color={isMet ? 'teal' : 'gray'} aria-hidden>
                    {isMet ? checkMark : openMark}
                  </ThemeIcon>
                  <Text size="sm" data-condition={condition} data-met={isMet}>
                    {t('conditionState', {
                      condition: t(`conditions.${condition}`),
                      state: isMet ? t('met') : t('notMet'),
                    })}
                  </Text>
                </Group>
              );
            })}
          </Group>
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder aria-label={t('levelsTable')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.level')}</Table.Th>
                  <Table.Th>{t('columns.conditions')}</Table.Th>
                  <Table.Th>{t('columns.restrictions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.data.levels.map((level) => (
                  <LevelRow
                    key={level.security_level}
                    level={level}
                    current={view.data.security_level}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </MyPageSection>
  );
}
