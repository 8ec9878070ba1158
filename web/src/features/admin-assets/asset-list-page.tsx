import type { AssetView } from '@ledger/contracts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { allAssetsQuery } from '../../lib/queries/asset-queries.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountInput } from '../../ui-kit/amount/amount-input.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { adminAssetListQuery, assetCommandMutation } from './admin-assets-api.ts';
import type { AssetListSearch } from './admin-assets-search.ts';
import { FrozenAssetsAlert, isChainAlert } from './frozen-assets-alert.tsx';

export type AssetListPageProps = {
  search: AssetListSearch;
  onSearchChange: (update: (previous: AssetListSearch) => AssetListSearch) => void;
  today?: string | undefined;
};

type FeeRow = { order: number; fee: string; fee_asset: string };
type FieldRow = {
  name: string;
  label: string;
  type: 'email' | 'number' | 'password' | 'search' | 'tel' | 'text' | 'url';
  required: boolean;
};

type AssetForm = {
  code: string;
  decimal_point: number;
  title: string;
  allow_deposit: boolean;
  allow_withdraw: boolean;
  is_active: boolean;
  output_order: number;
  minimum_deposit: string;
  memo_required: boolean;
  confirmations_required: number;
  withdraw_fees: FeeRow[];
  deposit_extra_form: FieldRow[];
  withdraw_extra_form: FieldRow[];
};

const fieldTypes = ['text', 'number', 'email', 'tel', 'url', 'search', 'password'] as const;

const emptyForm: AssetForm = {
  code: '',
  decimal_point: 8,
  title: '',
  allow_deposit: true,
  allow_withdraw: true,
  is_active: true,
  output_order: 0,
  minimum_deposit: '0',
  memo_required: false,
  confirmations_required: 350,
  withdraw_fees: [],
  deposit_extra_form: [],
  withdraw_extra_form: [],
};

function formOf(asset: AssetView): AssetForm {
  return {
    code: asset.code,
    decimal_point: asset.decimal_point,
    title: asset.title,
    allow_deposit: asset.allow_deposit,
    allow_withdraw: asset.allow_withdraw,
    is_active: asset.is_active,
    output_order: asset.output_order,
    minimum_deposit: asset.minimum_deposit,
    memo_required: asset.memo_required,
    confirmations_required: asset.confirmations_required,
    withdraw_fees: asset.withdraw_fees,
    deposit_extra_form: asset.deposit_extra_form,
    withdraw_extra_form: asset.withdraw_extra_form,
  };
}

/**
 * SPEC §2 admin asset/list: the asset catalog (title, code, decimal point, deposit and withdraw
 * permissions, active, output order, withdrawal fees with a separate fee asset, extra forms,
 * minimum deposit, memo requirement, confirmations, freeze). Create and edit in one form; the
 * decimal point is fixed once the asset exists; freezing deposits and withdrawals needs a reason.
 */
export function AssetListPage({ search, onSearchChange, today }: AssetListPageProps) {
  const { t } = useTranslation('admin-assets');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const list = useQuery({ ...adminAssetListQuery(search), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<{ form: AssetForm; isNew: boolean } | undefined>();
  const [freezing, setFreezing] = useState<AssetView | undefined>();
  const [reason, setReason] = useState('');
  const command = useMutation({
    ...assetCommandMutation(),
    onSuccess: () => {
      showSuccessToast(t('assets.saved'));
      setEditing(undefined);
      setFreezing(undefined);
      setReason('');
    },
  });
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const columns: ListColumn<AssetView>[] = [
    {
      accessor: 'output_order',
      title: t('assets.outputOrder'),
      isSortable: true,
      text: (row) => String(row.output_order),
    },
    { accessor: 'code', title: t('assets.code'), text: (row) => row.code },
    { accessor: 'title', title: t('assets.titleField'), text: (row) => row.title },
    {
      accessor: 'decimal_point',
      title: t('assets.decimalPoint'),
      textAlign: 'right',
      text: (row) => String(row.decimal_point),
    },
    {
      accessor: 'allow_deposit',
      title: t('assets.allowDeposit'),
      text: (row) => yesNo(row.allow_deposit),
    },
    {
      accessor: 'allow_withdraw',
      title: t('assets.allowWithdraw'),
      text: (row) => yesNo(row.allow_withdraw),
    },
    { accessor: 'is_active', title: t('assets.active'), text: (row) => yesNo(row.is_active) },
    {
      accessor: 'minimum_deposit',
      title: t('assets.minimumDeposit'),
      textAlign: 'right',
      text: (row) => formatAmount(row.minimum_deposit, locale, { decimalPoint: row.decimal_point }),
    },
    {
      accessor: 'withdraw_fees',
      title: t('assets.withdrawFees'),
      text: (row) =>
        row.withdraw_fees.map((fee) => `${fee.order}: ${fee.fee} ${fee.fee_asset}`).join(', '),
    },
    { accessor: 'memo_required', title: t('assets.memo'), text: (row) => yesNo(row.memo_required) },
    {
      accessor: 'confirmations_required',
      title: t('assets.confirmations'),
      textAlign: 'right',
      text: (row) => String(row.confirmations_required),
    },
    {
      accessor: 'plugin_id',
      title: t('assets.plugin'),
      text: (row) => row.plugin_id ?? t('assets.manual'),
    },
    {
      accessor: 'is_frozen',
      title: t('assets.frozen'),
      text: (row) => (row.is_frozen ? (row.frozen_reason ?? '') : ''),
      // The reason and the time are on the row, not only in a tooltip: a chain alert must be seen.
      render: (row) =>
        row.is_frozen ? (
          <Stack gap={2}>
            <Badge color={isChainAlert(row) ? 'red' : 'orange'}>{t('assets.frozenBadge')}</Badge>
            <Text size="xs">{row.frozen_reason ?? ''}</Text>
            {row.frozen_at === null ? undefined : (
              <Text size="xs" c="dimmed">
                {t('assets.frozenSince', { time: formatDateTime(row.frozen_at, locale) })}
              </Text>
            )}
          </Stack>
        ) : undefined,
    },
    {
      accessor: 'actions',
      title: t('common.actions'),
      text: () => '',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setEditing({ form: formOf(row), isNew: false })}
          >
            {t('common.edit')}
          </Button>
          <Button
            size="compact-xs"
            color={row.is_frozen ? 'green' : 'red'}
            variant="light"
            onClick={() => setFreezing(row)}
          >
            {row.is_frozen ? t('assets.unfreeze') : t('assets.freeze')}
          </Button>
        </Group>
      ),
    },
  ];
  const submitFreeze = (event: FormEvent) => {
    event.preventDefault();
    if (freezing === undefined || reason.trim() === '') return;
    command.mutate({
      kind: 'freeze',
      code: freezing.code,
      frozen: !freezing.is_frozen,
      reason: reason.trim(),
    });
  };
  return (
    <Stack gap="md">
      <FrozenAssetsAlert onLift={setFreezing} />
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ form: emptyForm, isNew: true })}>
          {t('assets.create')}
        </Button>
      </Group>
      <ListScreen
        title={tAdmin('screens.assetList')}
        search={search}
        onSearchChange={onSearchChange}
        columns={columns}
        rows={list.data?.data}
        total={list.data?.paging.total}
        isFetching={list.isFetching}
        error={list.error}
        rowKey={(row) => row.code}
        emptyText={t('assets.empty')}
        hasDateRange={false}
        exportFileName="assets"
        today={today}
      />
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing?.isNew === true ? t('assets.create') : t('assets.edit')}
        size="lg"
      >
        {editing === undefined ? undefined : (
          <AssetEditor
            initial={editing.form}
            isNew={editing.isNew}
            error={command.error}
            isPending={command.isPending}
            onCancel={() => setEditing(undefined)}
            onSubmit={(form) => {
              const { code, decimal_point, ...settings } = form;
              command.mutate(
                editing.isNew
                  ? { kind: 'create', body: { code, decimal_point, ...settings } }
                  : { kind: 'change', code, body: settings },
              );
            }}
          />
        )}
      </Modal>
      <Modal
        opened={freezing !== undefined}
        onClose={() => setFreezing(undefined)}
        title={freezing?.is_frozen === true ? t('assets.unfreeze') : t('assets.freeze')}
      >
        <form onSubmit={submitFreeze}>
          <Stack gap="sm">
            <Text size="sm">
              {freezing?.is_frozen === true ? t('assets.unfreezeHint') : t('assets.freezeHint')}
            </Text>
            <TextInput
              label={t('common.reason')}
              required
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <FailureAlert error={command.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setFreezing(undefined)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={reason.trim() === ''} loading={command.isPending}>
                {t('common.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

function AssetEditor(props: {
  initial: AssetForm;
  isNew: boolean;
  error: unknown;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (form: AssetForm) => void;
}) {
  const { t } = useTranslation('admin-assets');
  const assets = useQuery(allAssetsQuery());
  const [form, setForm] = useState<AssetForm>(props.initial);
  const set = (change: Partial<AssetForm>) => setForm((previous) => ({ ...previous, ...change }));
  const feeAssets = [
    ...new Set([form.code, ...(assets.data ?? []).map((asset) => asset.code)]),
  ].filter((code) => code !== '');
  // A fee is typed at its asset's scale: this asset's (the form's) or another's in the catalog.
  const scaleOf = (code: string) =>
    code === form.code
      ? form.decimal_point
      : assets.data?.find((asset) => asset.code === code)?.decimal_point;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(form);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Group grow>
          <TextInput
            label={t('assets.code')}
            required
            disabled={!props.isNew}
            value={form.code}
            onChange={(event) => set({ code: event.currentTarget.value.toUpperCase() })}
            description={t('assets.codeHint')}
          />
          <NumberInput
            label={t('assets.decimalPoint')}
            min={0}
            max={18}
            allowDecimal={false}
            disabled={!props.isNew}
            value={form.decimal_point}
            onChange={(value) => set({ decimal_point: Number(value) || 0 })}
            description={props.isNew ? t('assets.decimalHint') : t('assets.decimalFrozen')}
          />
        </Group>
        <TextInput
          label={t('assets.titleField')}
          required
          value={form.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
        />
        <Group>
          <Checkbox
            label={t('assets.allowDeposit')}
            checked={form.allow_deposit}
            onChange={(event) => set({ allow_deposit: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('assets.allowWithdraw')}
            checked={form.allow_withdraw}
            onChange={(event) => set({ allow_withdraw: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('assets.active')}
            checked={form.is_active}
            onChange={(event) => set({ is_active: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('assets.memo')}
            checked={form.memo_required}
            onChange={(event) => set({ memo_required: event.currentTarget.checked })}
          />
        </Group>
        <Group grow>
          <NumberInput
            label={t('assets.outputOrder')}
            allowDecimal={false}
            value={form.output_order}
            onChange={(value) => set({ output_order: Number(value) || 0 })}
          />
          <AmountInput
            label={t('assets.minimumDeposit')}
            value={form.minimum_deposit}
            decimalPoint={form.decimal_point}
            onChange={(amount) => set({ minimum_deposit: amount })}
          />
          <NumberInput
            label={t('assets.confirmations')}
            min={1}
            allowDecimal={false}
            value={form.confirmations_required}
            onChange={(value) => set({ confirmations_required: Number(value) || 1 })}
          />
        </Group>
        <Text fw={500} size="sm">
          {t('assets.withdrawFees')}
        </Text>
        {form.withdraw_fees.map((fee, index) => (
          <Group key={`fee-${fee.order}-${index}`} align="flex-end" wrap="nowrap">
            <NumberInput
              label={t('assets.feeOrder')}
              allowDecimal={false}
              min={0}
              value={fee.order}
              onChange={(value) =>
                set({
                  withdraw_fees: form.withdraw_fees.map((row, at) =>
                    at === index ? { ...row, order: Number(value) || 0 } : row,
                  ),
                })
              }
              w={90}
            />
            <AmountInput
              label={t('assets.fee')}
              value={fee.fee}
              decimalPoint={scaleOf(fee.fee_asset)}
              onChange={(amount) => {
                set({
                  withdraw_fees: form.withdraw_fees.map((row, at) =>
                    at === index ? { ...row, fee: amount } : row,
                  ),
                });
              }}
            />
            <NativeSelect
              label={t('assets.feeAsset')}
              data={feeAssets}
              value={fee.fee_asset}
              onChange={(event) => {
                const value = event.currentTarget.value;
                set({
                  withdraw_fees: form.withdraw_fees.map((row, at) =>
                    at === index ? { ...row, fee_asset: value } : row,
                  ),
                });
              }}
            />
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() =>
                set({ withdraw_fees: form.withdraw_fees.filter((_row, at) => at !== index) })
              }
            >
              {t('common.remove')}
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() =>
              set({
                withdraw_fees: [
                  ...form.withdraw_fees,
                  { order: form.withdraw_fees.length + 1, fee: '0', fee_asset: form.code },
                ],
              })
            }
          >
            {t('assets.addFee')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('assets.feeAssetHint')}
        </Text>
        <ExtraFormEditor
          label={t('assets.depositExtraForm')}
          fields={form.deposit_extra_form}
          onChange={(fields) => set({ deposit_extra_form: fields })}
        />
        <ExtraFormEditor
          label={t('assets.withdrawExtraForm')}
          fields={form.withdraw_extra_form}
          onChange={(fields) => set({ withdraw_extra_form: fields })}
        />
        {form.memo_required ? <Alert color="yellow">{t('assets.memoHint')}</Alert> : undefined}
        <FailureAlert error={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={props.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ExtraFormEditor(props: {
  label: string;
  fields: FieldRow[];
  onChange: (fields: FieldRow[]) => void;
}) {
  const { t } = useTranslation('admin-assets');
  const change = (index: number, patch: Partial<FieldRow>) =>
    props.onChange(props.fields.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {props.label}
      </Text>
      {props.fields.map((field, index) => (
        <Group key={`field-${index}-${field.name}`} align="flex-end" wrap="nowrap">
          <TextInput
            label={t('assets.fieldName')}
            value={field.name}
            onChange={(event) => change(index, { name: event.currentTarget.value.trim() })}
          />
          <TextInput
            label={t('assets.fieldLabel')}
            value={field.label}
            onChange={(event) => change(index, { label: event.currentTarget.value })}
          />
          <NativeSelect
            label={t('assets.fieldType')}
            data={[...fieldTypes]}
            value={field.type}
            onChange={(event) =>
              change(index, { type: event.currentTarget.value as FieldRow['type'] })
            }
          />
          <Checkbox
            label={t('assets.fieldRequired')}
            checked={field.required}
            onChange={(event) => change(index, { required: event.currentTarget.checked })}
            mb={8}
          />
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => props.onChange(props.fields.filter((_row, at) => at !== index))}
          >
            {t('common.remove')}
          </Button>
        </Group>
      ))}
      <Group>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() =>
            props.onChange([
              ...props.fields,
              { name: '', label: '', type: 'text', required: false },
            ])
          }
        >
          {t('assets.addField')}
        </Button>
      </Group>
    </Stack>
  );
}
