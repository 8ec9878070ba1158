import type { AssetBook, ReconciliationFinding, ReconciliationRun } from '@ledger/contracts';
import { Badge, Button, DataList, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLedgerLabels } from '../../i18n/labels/ledger-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { toApiFailure } from '../../lib/api-failure.ts';
import { useMayCall } from '../../lib/session/member-access.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import { CodeText, DataItem } from '../../ui-kit/detail/data-items.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  booksQuery,
  reconciliationRunQuery,
  runReconciliationMutation,
} from './admin-ledger-api.ts';

/** A run stores up to 1,000 findings: the first ones are listed here, the counts say the rest. */
const findingsShownMax = 20;

/** The ledger's zero, at any scale: the only sum the books may have. */
const isZero = (amount: string) => /^-?0(\.0+)?$/.test(amount);

/**
 * What an operator checks first on account/list: the newest continuous reconciliation run (T25,
 * docs/adr/0020), which can be run again now, and the per-asset books whose sum must be zero.
 */
export function LedgerHealthPanel() {
  const { t } = useTranslation('admin-ledger');
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="lg">
        <Title order={2} size="h4" id={titleId}>
          {t('reconciliation.panelTitle')}
        </Title>
        <ReconciliationSection />
        <BooksSection />
      </Stack>
    </Paper>
  );
}

function ReconciliationSection() {
  const { t } = useTranslation('admin-ledger');
  const locale = useAtomValue(localeAtom);
  const titleId = useId();
  const reconciliation = useQuery(reconciliationRunQuery());
  const mayRun = useMayCall({ method: 'POST', path: '/api/v1/admin/ledger-reconciliation' });
  const runNow = useMutation({
    ...runReconciliationMutation(),
    onSuccess: () => showSuccessToast(t('reconciliation.completed')),
  });
  // Before the projector's first run the query API answers 404: a state of the books, not an error.
  const isNotRun =
    reconciliation.error !== null &&
    toApiFailure(reconciliation.error).code === 'reconciliation_not_run';
  const run = reconciliation.data;
  const count = new Intl.NumberFormat(locale);
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm">
          <Title order={3} size="h5" id={titleId}>
            {t('reconciliation.title')}
          </Title>
          {run !== undefined ? (
            <Badge color={run.status === 'ok' ? 'teal' : 'red'} variant="light">
              {t(`reconciliation.status.${run.status}`)}
            </Badge>
          ) : isNotRun ? (
            <Badge color="gray" variant="light">
              {t('reconciliation.status.notRun')}
            </Badge>
          ) : undefined}
        </Group>
        {mayRun ? (
          <Button
            size="compact-sm"
            variant="light"
            loading={runNow.isPending}
            onClick={() => runNow.mutate(undefined)}
          >
            {t('reconciliation.runNow')}
          </Button>
        ) : undefined}
      </Group>
      <Text size="sm" c="dimmed">
        {t('reconciliation.description')}
      </Text>
      <FailureAlert error={runNow.error} />
      {isNotRun ? (
        <Text size="sm">{t('reconciliation.notRunHint')}</Text>
      ) : (
        <FailureAlert error={reconciliation.error} />
      )}
      {run === undefined ? undefined : (
        <>
          <DataList labelWidth={180}>
            <DataItem label={t('reconciliation.finishedAt')}>
              <DateTimeText value={run.finished_at} size="sm" />
            </DataItem>
            <DataItem label={t('reconciliation.revision')}>
              {/* The replay folded nothing: the ledger had no event yet. */}
              {run.checked_revision === '-1' ? (
                t('reconciliation.noRevision')
              ) : (
                <CodeText>{run.checked_revision}</CodeText>
              )}
            </DataItem>
            <DataItem label={t('reconciliation.accountsChecked')}>
              {count.format(run.accounts_checked)}
            </DataItem>
            <DataItem label={t('reconciliation.assetsChecked')}>
              {count.format(run.assets_checked)}
            </DataItem>
            <DataItem label={t('reconciliation.findingsTotal')}>
              {count.format(run.findings_total)}
            </DataItem>
          </DataList>
          {run.status === 'discrepancy' ? <Findings run={run} /> : undefined}
        </>
      )}
    </Stack>
  );
}

/** A finding kind's name; a kind added to the server after this screen is shown as it is sent. */
function kindLabel(kind: string): string {
  const key = `reconciliation.kinds.${kind}`;
  return i18next.exists(key, { ns: 'admin-ledger' })
    ? i18next.t(key as 'reconciliation.kinds.NegativeBalance', { ns: 'admin-ledger' })
    : kind;
}

function Findings({ run }: { run: ReconciliationRun }) {
  const { t } = useTranslation('admin-ledger');
  const locale = useAtomValue(localeAtom);
  const count = new Intl.NumberFormat(locale);
  const shown = run.findings.slice(0, findingsShownMax);
  const counted = Object.entries(run.counts).filter(([, found]) => found > 0);
  return (
    <Stack gap="xs">
      {counted.length === 0 ? undefined : (
        <Group gap="xs">
          {counted.map(([kind, found]) => (
            <Badge key={kind} color="red" variant="outline" tt="none">
              {t('reconciliation.kindCount', { kind: kindLabel(kind), count: count.format(found) })}
            </Badge>
          ))}
        </Group>
      )}
      {shown.length < run.findings_total ? (
        <Text size="xs" c="dimmed">
          {t('reconciliation.findingsShown', {
            shown: count.format(shown.length),
            total: count.format(run.findings_total),
          })}
        </Text>
      ) : undefined}
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('reconciliation.findingsTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reconciliation.columns.kind')}</Table.Th>
              <Table.Th>{t('reconciliation.columns.subject')}</Table.Th>
              <Table.Th>{t('reconciliation.columns.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((finding, index) => (
              // Findings have no id of their own; their order in the run is stable.
              <Table.Tr key={index}>
                <Table.Td>{t(`reconciliation.kinds.${finding.kind}`)}</Table.Td>
                <Table.Td>
                  <CodeText>{subjectOf(finding)}</CodeText>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  <FindingDetails finding={finding} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The account or asset a finding is about ('—' for the log or a projection as a whole). */
function subjectOf(finding: ReconciliationFinding): string {
  switch (finding.kind) {
    case 'NegativeBalance':
    case 'ProjectionMismatch':
      return finding.account;
    case 'LiabilitiesExceedHoldings':
    case 'ZeroSumBroken':
      return finding.asset;
    case 'ReplayBroken':
    case 'ProjectionStopped':
      return '—';
  }
}

/**
 * A finding's fields in a sentence. Amounts are shown exactly as the run stored them (decimal
 * strings at the asset's scale): an auditor compares them digit by digit with the database.
 */
function FindingDetails({ finding }: { finding: ReconciliationFinding }) {
  const { t } = useTranslation('admin-ledger');
  const orNone = (value: string | null) => value ?? '—';
  switch (finding.kind) {
    case 'NegativeBalance':
      return t('reconciliation.details.negativeBalance', {
        balance: finding.balance,
        available: finding.available,
        asset: finding.asset,
        source: t(`reconciliation.source.${finding.source}`),
      });
    case 'ProjectionMismatch':
      return t('reconciliation.details.projectionMismatch', {
        field: finding.field,
        projected: finding.projected,
        replayed: finding.replayed,
      });
    case 'LiabilitiesExceedHoldings':
      return t('reconciliation.details.liabilitiesExceedHoldings', {
        liabilities: finding.liabilities,
        holdings: finding.holdings,
      });
    case 'ZeroSumBroken':
      return t('reconciliation.details.zeroSumBroken', {
        sum: finding.sum,
        source: t(`reconciliation.source.${finding.source}`),
      });
    case 'ReplayBroken':
      return t('reconciliation.details.replayBroken', {
        revision: orNone(finding.revision),
        eventId: orNone(finding.eventId),
        error: finding.error,
      });
    case 'ProjectionStopped':
      return t('reconciliation.details.projectionStopped', {
        projection: finding.projection,
        eventId: orNone(finding.eventId),
        eventType: orNone(finding.eventType),
        error: finding.error,
      });
  }
}

function BooksSection() {
  const { t } = useTranslation('admin-ledger');
  const locale = useAtomValue(localeAtom);
  const titleId = useId();
  const books = useQuery(booksQuery());
  const count = new Intl.NumberFormat(locale);
  const rows = books.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('books.title')}
      </Title>
      <FailureAlert error={books.error} />
      {books.data !== undefined && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('books.empty')}
        </Text>
      ) : undefined}
      {rows.length === 0 ? undefined : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('books.columns.asset')}</Table.Th>
                <Table.Th ta="right">{t('books.columns.memberAccounts')}</Table.Th>
                <Table.Th ta="right">{t('books.columns.memberBalance')}</Table.Th>
                <Table.Th ta="right">{t('books.columns.memberHolding')}</Table.Th>
                <Table.Th ta="right">{t('books.columns.systemBalance')}</Table.Th>
                <Table.Th ta="right">{t('books.columns.sum')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((book) => (
                <BookRow
                  key={book.asset}
                  book={book}
                  memberAccounts={count.format(book.member_accounts)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function BookRow({ book, memberAccounts }: { book: AssetBook; memberAccounts: string }) {
  const { t } = useTranslation('admin-ledger');
  const labels = useLedgerLabels();
  const amount = (value: string) => (
    <AmountText amount={value} decimalPoint={book.decimal_point} size="sm" />
  );
  const isBalanced = isZero(book.sum);
  return (
    <Table.Tr>
      <Table.Td fw={600}>{book.asset}</Table.Td>
      <Table.Td ta="right">{memberAccounts}</Table.Td>
      <Table.Td ta="right">{amount(book.member_balance_total)}</Table.Td>
      <Table.Td ta="right">{amount(book.member_holding_total)}</Table.Td>
      <Table.Td ta="right">
        <Stack gap={2} align="flex-end">
          {amount(book.system_balance_total)}
          {/* Each system account under the total: which role holds what. */}
          {book.system_accounts.map((system) => (
            <Group key={system.account} gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {labels.systemRole(system.system_role)}
              </Text>
              <AmountText
                amount={system.balance}
                decimalPoint={book.decimal_point}
                size="xs"
                c="dimmed"
              />
            </Group>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td ta="right">
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {/* The colour is not the only sign: a non-zero sum also says so in words. */}
          {isBalanced ? undefined : (
            <Badge color="red" size="sm">
              {t('books.sumNotZero')}
            </Badge>
          )}
          <AmountText
            amount={book.sum}
            decimalPoint={book.decimal_point}
            size="sm"
            fw={700}
            {...(isBalanced ? {} : { c: 'red' })}
          />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
