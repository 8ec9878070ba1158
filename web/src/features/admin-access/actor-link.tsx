import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { memberViewHref } from '../admin-members/member-list-page.tsx';
import { actorText } from './activity-log.ts';

/**
 * Who acted, in words (`actorText`), linked to the member's view when it was a member or an
 * administrator (both are members: `member:12`, `admin:1`); the system is text.
 */
export function ActorLink({ actor }: { actor: string }) {
  const { t } = useTranslation('admin-access');
  const text = actorText(actor, t);
  const member = /^(?:member|admin):([1-9][0-9]*)$/.exec(actor);
  if (member === null) return text;
  return (
    <Anchor component={Link} to={memberViewHref(Number(member[1]))} size="sm">
      {text}
    </Anchor>
  );
}
