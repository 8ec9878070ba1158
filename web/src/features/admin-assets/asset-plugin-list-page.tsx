import type { AssetPluginView } from '@ledger/contracts';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { allAssetsQuery } from '../../lib/queries/asset-queries.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  assetPluginListQuery,
  type PluginFields,
  pluginCommandMutation,
} from './admin-assets-api.ts';

const emptyPlugin: PluginFields = {
  plugin_id: '',
  asset: '',
  plugin: 'simulated',
  title: '',
  start_block: 0,
  allow_scan: true,
};

/**
 * SPEC §2 admin asset-plugin/list: the chain adapters that follow assets (title, plugin, start
 * block, allow scan), with the scanner's progress against the chain's tip. The id and the asset
 * are fixed once registered (the id names the chain in deposit ids).
 */
export function AssetPluginListPage() {
  const { t } = useTranslation('admin-assets');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.assetPluginList'));
  const locale = useAtomValue(localeAtom);
  const plugins = useQuery({ ...assetPluginListQuery(), refetchInterval: 5_000 });
  const assets = useQuery(allAssetsQuery());
  const [editing, setEditing] = useState<{ fields: PluginFields; isNew: boolean } | undefined>();
  const command = useMutation({
    ...pluginCommandMutation(),
    onSuccess: () => {
      showSuccessToast(t('plugins.saved'));
      setEditing(undefined);
    },
  });
  const set = (change: Partial<PluginFields>) =>
    setEditing((previous) =>
      previous === undefined
        ? previous
        : { ...previous, fields: { ...previous.fields, ...change } },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing !== undefined)
      command.mutate({ kind: editing.isNew ? 'create' : 'change', fields: editing.fields });
  };
  const edit = (row: AssetPluginView) =>
    setEditing({
      isNew: false,
      fields: {
        plugin_id: row.plugin_id,
        asset: row.asset,
        plugin: 'simulated',
        title: row.title,
        start_block: row.start_block,
        allow_scan: row.allow_scan,
      },
    });
  const rows = plugins.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{tAdmin('screens.assetPluginList')}</Title>
        <Button onClick={() => setEditing({ fields: emptyPlugin, isNew: true })}>
          {t('plugins.create')}
        </Button>
      </Group>
      <FailureAlert error={plugins.error} />
      <Paper withBorder>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('plugins.id')}</Table.Th>
              <Table.Th>{t('plugins.titleField')}</Table.Th>
              <Table.Th>{t('plugins.asset')}</Table.Th>
              <Table.Th>{t('plugins.plugin')}</Table.Th>
              <Table.Th>{t('plugins.startBlock')}</Table.Th>
              <Table.Th>{t('plugins.allowScan')}</Table.Th>
              <Table.Th>{t('plugins.progress')}</Table.Th>
              <Table.Th>{t('plugins.registeredAt')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text c="dimmed" size="sm">
                    {t('plugins.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.plugin_id}>
                  <Table.Td ff="monospace">{row.plugin_id}</Table.Td>
                  <Table.Td>{row.title}</Table.Td>
                  <Table.Td>{row.asset}</Table.Td>
                  <Table.Td>{t('plugins.kinds.simulated')}</Table.Td>
                  <Table.Td>{row.start_block}</Table.Td>
                  <Table.Td>
                    <Badge color={row.allow_scan ? 'green' : 'gray'}>
                      {row.allow_scan ? t('common.yes') : t('common.no')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {t('plugins.progressOf', {
                      scanned: row.scanned_height ?? '—',
                      tip: row.tip_height ?? '—',
                    })}
                  </Table.Td>
                  <Table.Td>{formatDateTime(row.registered_at, locale)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" onClick={() => edit(row)}>
                      {t('common.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing?.isNew === true ? t('plugins.create') : t('plugins.edit')}
      >
        {editing === undefined ? undefined : (
          <form onSubmit={submit}>
            <Stack gap="sm">
              <TextInput
                label={t('plugins.id')}
                required
                disabled={!editing.isNew}
                value={editing.fields.plugin_id}
                onChange={(event) => set({ plugin_id: event.currentTarget.value.toLowerCase() })}
                description={t('plugins.idHint')}
              />
              <NativeSelect
                label={t('plugins.asset')}
                required
                disabled={!editing.isNew}
                data={['', ...(assets.data ?? []).map((asset) => asset.code)]}
                value={editing.fields.asset}
                onChange={(event) => set({ asset: event.currentTarget.value })}
              />
              <NativeSelect
                label={t('plugins.plugin')}
                disabled={!editing.isNew}
                data={[{ value: 'simulated', label: t('plugins.kinds.simulated') }]}
                value={editing.fields.plugin}
                onChange={() => set({ plugin: 'simulated' })}
              />
              <TextInput
                label={t('plugins.titleField')}
                required
                value={editing.fields.title}
                onChange={(event) => set({ title: event.currentTarget.value })}
              />
              <NumberInput
                label={t('plugins.startBlock')}
                min={0}
                allowDecimal={false}
                value={editing.fields.start_block}
                onChange={(value) => set({ start_block: Number(value) || 0 })}
                description={t('plugins.startBlockHint')}
              />
              <Checkbox
                label={t('plugins.allowScan')}
                checked={editing.fields.allow_scan}
                onChange={(event) => set({ allow_scan: event.currentTarget.checked })}
              />
              <FailureAlert error={command.error} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(undefined)}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={command.isPending}>
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
