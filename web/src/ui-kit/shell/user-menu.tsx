import { Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { memberAccessQueryOptions, usesConsole } from '../../lib/session/member-access.ts';
import { memberLabel, useSignedInMember } from '../../lib/session/member-info.ts';

/**
 * The logged-in user's id, the admin console for an administrator, the wallet, my page and the
 * logout link (which remembers the page left, SPEC §2).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { t: tWallet } = useTranslation('wallet');
  const member = useSignedInMember();
  const access = useQuery({ ...memberAccessQueryOptions(), enabled: member !== undefined });
  const location = useLocation();
  if (member === undefined) {
    return (
      <Button component={Link} to="/login" size="xs" variant="light">
        {t('nav.login')}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600} aria-label={t('nav.loggedInAs')}>
        {memberLabel(member)}
      </Text>
      {usesConsole(member, access.data) && (
        <Anchor component={Link} to="/admin" size="sm">
          {t('nav.console')}
        </Anchor>
      )}
      <Anchor component={Link} to="/wallet" size="sm">
        {tWallet('nav.link')}
      </Anchor>
      <Anchor component={Link} to="/my-page" size="sm">
        {t('nav.myPage')}
      </Anchor>
      <Button
        size="xs"
        variant="subtle"
        renderRoot={(props) => <Link {...props} to="/logout" search={{ from: location.href }} />}
      >
        {t('nav.logout')}
      </Button>
    </Group>
  );
}
