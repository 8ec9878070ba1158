import type { AssetView } from '@ledger/contracts';
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { allAssetsQuery } from '../../lib/queries/asset-queries.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';

/** A freeze the chain scanner raised (a reorg at or past the confirmations; docs/adr/0012). */
export function isChainAlert(asset: Pick<AssetView, 'is_frozen' | 'frozen_reason'>): boolean {
  return asset.is_frozen && (asset.frozen_reason ?? '').startsWith('ALERT:');
}

/**
 * The banner of asset/list: every frozen asset, whatever page or filter the list
 * shows, with its reason and the time of the freeze, a chain reorg alert first and in red, and the
 * action that lifts the freeze. Nothing when no asset is frozen.
 */
export function FrozenAssetsAlert({ onLift }: { onLift: (asset: AssetView) => void }): ReactNode {
  const { t } = useTranslation('admin-assets');
  const locale = useAtomValue(localeAtom);
  const assets = useQuery(allAssetsQuery());
  const frozen = (assets.data ?? [])
    .filter((asset) => asset.is_frozen)
    .sort((left, right) => Number(isChainAlert(right)) - Number(isChainAlert(left)));
  if (frozen.length === 0) return null;
  const alerting = frozen.some(isChainAlert);
  return (
    <Alert
      color={alerting ? 'red' : 'orange'}
      title={alerting ? t('assets.alertTitle') : t('assets.frozenTitle')}
      role="alert"
    >
      <List spacing="xs">
        {frozen.map((asset) => (
          <List.Item key={asset.code}>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={700}>
                {asset.code}
              </Text>
              <Text size="sm">{asset.frozen_reason ?? ''}</Text>
              <Text size="sm" c="dimmed">
                {t('assets.frozenSince', {
                  time: asset.frozen_at === null ? '—' : formatDateTime(asset.frozen_at, locale),
                })}
              </Text>
              <Button
                size="compact-xs"
                color="green"
                variant="light"
                onClick={() => onLift(asset)}
                aria-label={t('assets.liftAsset', { asset: asset.code })}
              >
                {t('assets.unfreeze')}
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
