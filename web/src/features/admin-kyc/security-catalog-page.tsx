import {
  ActionIcon,
  Button,
  Checkbox,
  Container,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogScale } from '../../lib/queries/catalog-scale.ts';
import {
  isDefaultTitle,
  type RestrictionPolicy,
  type RestrictionTarget,
  restrictionTargets,
  type SecurityLevelDefinition,
  securityConditions,
} from '../../lib/queries/security-level-api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { decimalPointMax } from '../../ui-kit/amount/amount-format.ts';
import { AmountInput } from '../../ui-kit/amount/amount-input.tsx';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { showSuccessToast, toastFailure } from '../../ui-kit/toasts.ts';
import { catalogMutation, securityCatalogQuery } from './admin-kyc-api.ts';

const assetPattern = /^[A-Z][A-Z0-9]{0,15}$/;
const amountPattern = /^(0|[1-9]\d{0,29})(\.\d{1,18})?$/;

function LevelEditor({ level, onClose }: { level: SecurityLevelDefinition; onClose: () => void }) {
  const { t } = useTranslation('admin-kyc');
  const save = useMutation({
    ...catalogMutation(),
    onSuccess: () => {
      showSuccessToast(t('catalog.saved'));
      onClose();
    },
  });
  const [title, setTitle] = useState(level.title);
  const [isAutomatic, setIsAutomatic] = useState(level.conditions !== null);
  const [conditions, setConditions] = useState<string[]>(level.conditions ?? []);
  const isFixed = level.security_level <= 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return;
    save.mutate({
      kind: 'level',
      security_level: level.security_level,
      title: title.trim(),
      conditions:
        level.security_level === 0
          ? null
          : level.security_level === 1
            ? []
            : isAutomatic
              ? conditions
              : null,
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('catalog.editLevel', { level: level.security_level })}>
      <Stack gap="sm">
        <TextInput
          label={t('catalog.levelTitle')}
          required
          maxLength={60}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        {isFixed ? (
          <Text size="sm" c="dimmed">
            {level.security_level === 0 ? t('catalog.levelZero') : t('catalog.levelOne')}
          </Text>
        ) : (
          <>
            <Switch
              label={t('catalog.automatic')}
              checked={isAutomatic}
              onChange={(event) => setIsAutomatic(event.currentTarget.checked)}
            />
            {isAutomatic ? (
              <Checkbox.Group
                label={t('catalog.conditions')}
                value={conditions}
                onChange={setConditions}
              >
                <Stack gap={6} mt={4}>
                  {securityConditions.map((condition) => (
                    <Checkbox
                      key={condition}
                      value={condition}
                      label={t(`conditions.${condition}`)}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            ) : undefined}
          </>
        )}
        {save.error ? <FailureAlert error={save.error} /> : undefined}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('catalog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PolicyForm({ levels }: { levels: SecurityLevelDefinition[] }) {
  const { t } = useTranslation('admin-kyc');
  const save = useMutation({
    ...catalogMutation(),
    onSuccess: () => {
      setAmount('');
      showSuccessToast(t('catalog.saved'));
    },
  });
  const [level, setLevel] = useState('1');
  const [target, setTarget] = useState<RestrictionTarget>('WITHDRAW_ONE_TIME_AMOUNT');
  const [asset, setAsset] = useState('');
  const [amount, setAmount] = useState('');
  const [isInvalid, setIsInvalid] = useState(false);
  const needsAmount = target !== 'CREATE_ACCOUNT';
  // The amount is typed in the locale's separators at the asset's scale (the catalog's; an asset
  // it does not list allows the most any asset has, and the server decides).
  const catalogScale = useCatalogScale();
  const scaleOf = (code: string) => catalogScale(code) ?? decimalPointMax;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid =
      (asset !== '' && !assetPattern.test(asset)) ||
      (needsAmount && (asset === '' || !amountPattern.test(amount)));
    setIsInvalid(invalid);
    if (invalid) return;
    save.mutate({
      kind: 'policy',
      security_level: Number(level),
      target,
      asset: asset === '' ? null : asset,
      amount: needsAmount ? amount : null,
      enabled: true,
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('catalog.addPolicy')} noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={t('catalog.level')}
          data={levels.map((candidate) => ({
            value: String(candidate.security_level),
            label: t('levelNumber', { level: candidate.security_level }),
          }))}
          value={level}
          allowDeselect={false}
          onChange={(value) => setLevel(value ?? '1')}
          w={120}
        />
        <Select
          label={t('catalog.target')}
          data={restrictionTargets.map((value) => ({ value, label: t(`targets.${value}`) }))}
          value={target}
          allowDeselect={false}
          onChange={(value) => setTarget((value ?? 'CREATE_ACCOUNT') as RestrictionTarget)}
          w={240}
        />
        <TextInput
          label={t('catalog.asset')}
          description={needsAmount ? undefined : t('catalog.assetAll')}
          maxLength={16}
          value={asset}
          error={
            isInvalid &&
            (needsAmount ? !assetPattern.test(asset) : asset !== '' && !assetPattern.test(asset))
              ? t('catalog.assetInvalid')
              : undefined
          }
          onChange={(event) => setAsset(event.currentTarget.value.toUpperCase())}
          w={120}
        />
        {needsAmount ? (
          <AmountInput
            label={t('catalog.amount')}
            maxLength={49}
            value={amount}
            decimalPoint={scaleOf(asset)}
            error={
              isInvalid && !amountPattern.test(amount) ? t('catalog.amountInvalid') : undefined
            }
            onChange={setAmount}
            w={180}
          />
        ) : undefined}
        <Button type="submit" loading={save.isPending}>
          {t('catalog.setPolicy')}
        </Button>
      </Group>
      {save.error ? <FailureAlert error={save.error} /> : undefined}
    </form>
  );
}

function PolicyLine({ policy }: { policy: RestrictionPolicy }) {
  const { t } = useTranslation('admin-kyc');
  const remove = useMutation({ ...catalogMutation(), onError: toastFailure });
  const label = t(`targets.${policy.target}`);
  const asset = policy.asset ?? t('catalog.assetAllShort');
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{t('catalog.policyLine', { target: label, asset })}</Text>
      {policy.amount === null ? undefined : (
        <AmountText amount={policy.amount} decimalPoint={18} size="sm" fw={600} />
      )}
      <ActionIcon
        size="sm"
        variant="subtle"
        color="red"
        aria-label={t('catalog.removePolicy', { target: label, asset })}
        loading={remove.isPending}
        onClick={async () => {
          const isConfirmed = await confirmAction({
            title: t('catalog.removeTitle'),
            message: t('catalog.removeMessage', { target: label, asset }),
            isDestructive: true,
          });
          if (isConfirmed) {
            remove.mutate({
              kind: 'policy',
              security_level: policy.security_level,
              target: policy.target,
              asset: policy.asset,
              amount: null,
              enabled: false,
            });
          }
        }}
      >
        {'\u00d7'}
      </ActionIcon>
    </Group>
  );
}

/**
 * SPEC §2 admin security/catalog: security levels 0..10 with the conditions that reach each one
 * (members move between levels by themselves unless an administrator locked theirs), and the
 * restriction policies per level: account creation, one-time and daily withdraw amounts per asset.
 */
export function SecurityCatalogPage() {
  const { t } = useTranslation('admin-kyc');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.securityCatalog'));
  const catalog = useQuery(securityCatalogQuery());
  const [editing, setEditing] = useState<SecurityLevelDefinition | undefined>(undefined);
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {tAdmin('screens.securityCatalog')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('catalog.description')}
        </Text>
        {catalog.error ? <FailureAlert error={catalog.error} /> : undefined}
        {catalog.data === undefined ? undefined : (
          <>
            <PolicyForm levels={catalog.data} />
            <Table.ScrollContainer minWidth={720}>
              <Table striped withTableBorder aria-label={tAdmin('screens.securityCatalog')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('catalog.level')}</Table.Th>
                    <Table.Th>{t('catalog.levelTitle')}</Table.Th>
                    <Table.Th>{t('catalog.conditions')}</Table.Th>
                    <Table.Th>{t('catalog.policies')}</Table.Th>
                    <Table.Th>{t('columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {catalog.data.map((level) => (
                    <Table.Tr key={level.security_level}>
                      <Table.Td>{t('levelNumber', { level: level.security_level })}</Table.Td>
                      <Table.Td>
                        {isDefaultTitle(level)
                          ? t('levelNumber', { level: level.security_level })
                          : level.title}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {level.conditions === null
                            ? t('catalog.manualOnly')
                            : level.conditions.length === 0
                              ? t('catalog.noConditions')
                              : level.conditions
                                  .map((condition) => t(`conditions.${condition}`))
                                  .join(', ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {level.policies.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            {t('catalog.unrestricted')}
                          </Text>
                        ) : (
                          <Stack gap={2}>
                            {level.policies.map((policy) => (
                              <PolicyLine
                                key={`${policy.target}-${policy.asset ?? ''}`}
                                policy={policy}
                              />
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setEditing(level)}
                        >
                          {t('catalog.edit')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={
          editing === undefined ? '' : t('catalog.editLevel', { level: editing.security_level })
        }
        closeButtonProps={{ 'aria-label': t('cancel') }}
      >
        {editing === undefined ? undefined : (
          <LevelEditor level={editing} onClose={() => setEditing(undefined)} />
        )}
      </Modal>
    </Container>
  );
}
