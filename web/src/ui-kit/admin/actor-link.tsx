import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { memberViewHref } from './admin-links.ts';

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

const actorKinds = ['member', 'admin', 'system'] as const;

/** Who caused the event (`member:12`, `admin:1`, `system:seed`), in words. */
export function actorText(actor: string | null, t: TFunction<'admin-access'>): string {
  if (actor === null) return t('none');
  const [kind, id = ''] = actor.split(':', 2);
  const known = actorKinds.find((candidate) => candidate === kind);
  return known === undefined ? actor : t(`activity.actors.${known}`, { id });
}
