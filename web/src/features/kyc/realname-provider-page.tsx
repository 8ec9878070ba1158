import { Button, Container, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { realnameAnswerMessageType } from './kyc-api.ts';

const birthDatePattern = /^\d{6}$/;
const cellNumberPattern = /^01\d{8,9}$/;

/**
 * The simulated real-name authority's popup (development and tests only: the identity-provider
 * port's simulated adapter sends the member here). The member types what a real authority would
 * check; the answer, with the authority's ticket, goes back to the window that opened this one,
 * which hands it to the server. Cancel answers a refusal.
 */
export function RealnameProviderPage({
  realnameSeq,
  ticket,
}: {
  realnameSeq: number;
  ticket: string;
}) {
  const { t } = useTranslation('kyc');
  useDocumentTitle(t('provider.title'));
  const [fields, setFields] = useState({
    user_name: '',
    sex: 'female',
    nationality: 'domestic',
    birth_date: '',
    cell_carrier: 'SKT',
    cell_number: '',
  });
  const [isInvalid, setIsInvalid] = useState(false);
  const set = (key: keyof typeof fields) => (value: string | null) =>
    setFields((previous) => ({ ...previous, [key]: value ?? '' }));
  const answer = (body: Record<string, string | boolean>) => {
    window.opener?.postMessage(
      { type: realnameAnswerMessageType, realname_seq: realnameSeq, answer: { ticket, ...body } },
      window.location.origin,
    );
    window.close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid =
      fields.user_name.trim() === '' ||
      !birthDatePattern.test(fields.birth_date) ||
      !cellNumberPattern.test(fields.cell_number);
    setIsInvalid(invalid);
    if (!invalid) answer(fields);
  };
  return (
    <Container size="xs" py="lg">
      <form onSubmit={submit} aria-label={t('provider.formLabel')} noValidate>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {t('provider.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('provider.hint')}
          </Text>
          <TextInput
            label={t('provider.name')}
            required
            value={fields.user_name}
            onChange={(event) => set('user_name')(event.currentTarget.value)}
          />
          <Group grow>
            <Select
              label={t('provider.sex')}
              data={[
                { value: 'female', label: t('provider.sexes.female') },
                { value: 'male', label: t('provider.sexes.male') },
              ]}
              value={fields.sex}
              allowDeselect={false}
              onChange={set('sex')}
            />
            <Select
              label={t('provider.nationality')}
              data={[
                { value: 'domestic', label: t('provider.nationalities.domestic') },
                { value: 'foreign', label: t('provider.nationalities.foreign') },
              ]}
              value={fields.nationality}
              allowDeselect={false}
              onChange={set('nationality')}
            />
          </Group>
          <TextInput
            label={t('provider.birthDate')}
            description={t('provider.birthDateHint')}
            required
            inputMode="numeric"
            maxLength={6}
            value={fields.birth_date}
            error={
              isInvalid && !birthDatePattern.test(fields.birth_date)
                ? t('provider.birthDateInvalid')
                : undefined
            }
            onChange={(event) => set('birth_date')(event.currentTarget.value.replace(/\D/g, ''))}
          />
          <Group grow>
            <Select
              label={t('provider.carrier')}
              data={['SKT', 'KT', 'LGU+', 'MVNO']}
              value={fields.cell_carrier}
              allowDeselect={false}
              onChange={set('cell_carrier')}
            />
            <TextInput
              label={t('provider.cellNumber')}
              required
              type="tel"
              inputMode="numeric"
              maxLength={11}
              value={fields.cell_number}
              error={
                isInvalid && !cellNumberPattern.test(fields.cell_number)
                  ? t('provider.cellNumberInvalid')
                  : undefined
              }
              onChange={(event) => set('cell_number')(event.currentTarget.value.replace(/\D/g, ''))}
            />
          </Group>
          {isInvalid && fields.user_name.trim() === '' ? (
            <Text size="sm" c="red">
              {t('form.required')}
            </Text>
          ) : undefined}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer({ refused: true })}>
              {t('provider.cancel')}
            </Button>
            <Button type="submit">{t('provider.confirm')}</Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
