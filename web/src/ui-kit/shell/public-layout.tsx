import { Anchor, Box, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSignedInMember } from '../../lib/session/member-info.ts';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { UserMenu } from './user-menu.tsx';

/** The frame of the public pages: header with the product name, footer with the company pages. */
export function PublicLayout() {
  const { t } = useTranslation();
  const member = useSignedInMember();
  return (
    <Stack mih="100vh" gap={0}>
      <Box
        component="header"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {/* On a phone the controls wrap under the product name instead of running off screen. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to="/home" fw={700} underline="never" c="inherit">
            {t('app.title')}
          </Anchor>
          <Group gap="sm" wrap="wrap" justify="flex-end">
            {member === undefined && (
              <Anchor component={Link} to="/register" size="sm">
                {t('nav.register')}
              </Anchor>
            )}
            <LocaleSwitcher />
            <UserMenu />
          </Group>
        </Group>
      </Box>
      <Box component="main" flex={1} px="md">
        <Outlet />
      </Box>
      <SiteFooter />
    </Stack>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" px="md" py="lg" bg="var(--mantine-color-default-hover)">
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Group gap="md" component="nav" aria-label={t('footer.label')}>
            <Anchor component={Link} to="/company" size="sm">
              {t('footer.company')}
            </Anchor>
            <Anchor component={Link} to="/escrow-guide" size="sm">
              {t('footer.escrow')}
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
        </Group>
        <Divider my="sm" />
        <Text size="xs" c="dimmed">
          {t('footer.notice')}
        </Text>
      </Container>
    </Box>
  );
}
