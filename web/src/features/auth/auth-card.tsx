import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type AuthPage = 'login' | 'register' | 'find';

/** The centred card the login, register and find pages share, with links to the other two. */
export function AuthCard({
  title,
  current,
  children,
}: {
  title: string;
  current: AuthPage;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <Card withBorder maw={420} mx="auto" my="xl" p="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
        <Group justify="space-between" gap="xs">
          {current === 'login' ? undefined : (
            <Anchor component={Link} to="/login" size="sm">
              {t('links.login')}
            </Anchor>
          )}
          {current === 'register' ? undefined : (
            <Anchor component={Link} to="/register" size="sm">
              {t('links.register')}
            </Anchor>
          )}
          {current === 'find' ? undefined : (
            <Anchor component={Link} to="/find" size="sm">
              {t('links.find')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
