import { Anchor, NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Brokerage, brokerageListQueryOptions } from '../../lib/session/brokerage-list.ts';
import { ConsoleNav } from '../../ui-kit/shell/console-nav.tsx';
import { groupScreens, hasPathParameters } from '../../ui-kit/shell/console-screens.ts';
import { ConsoleShell } from '../../ui-kit/shell/console-shell.tsx';
import { useIsScreenBuilt } from '../../ui-kit/shell/screen-status.ts';
import { type BrokerageScreen, brokerageScreens } from './brokerage-screens.ts';

export function brokerageRoot(brokerageSeq: string): string {
  return `/brokerage-console/${encodeURIComponent(brokerageSeq)}`;
}

export function brokerageHref(brokerageSeq: string, screen: BrokerageScreen): string {
  const root = brokerageRoot(brokerageSeq);
  return screen.path === '' ? root : `${root}/${screen.path}`;
}

/** Switches the console to another of the user's brokerages. */
function BrokeragePicker({ selected }: { selected: Brokerage }) {
  const { t } = useTranslation('brokerage');
  const navigate = useNavigate();
  const list = useQuery(brokerageListQueryOptions());
  const brokerages = list.data ?? [selected];
  return (
    <NativeSelect
      aria-label={t('picker.label')}
      size="xs"
      data={brokerages.map((brokerage) => ({
        value: String(brokerage.seq),
        label: brokerage.title,
      }))}
      value={String(selected.seq)}
      onChange={(event) =>
        void navigate({
          to: '/brokerage-console/$brokerageSeq',
          params: { brokerageSeq: event.currentTarget.value },
        })
      }
    />
  );
}

/** The brokerage console frame; its menu lists every brokerage screen of SPEC §2. */
export function BrokerageConsoleShell({
  brokerage,
  children,
}: {
  brokerage: Brokerage;
  children: ReactNode;
}) {
  const { t } = useTranslation('brokerage');
  const isBuilt = useIsScreenBuilt();
  const seq = String(brokerage.seq);
  const root = brokerageRoot(seq);
  const groups = groupScreens(brokerageScreens).map(({ group, screens }) => ({
    key: group,
    label: t(`groups.${group}`),
    items: screens.map((screen) => ({
      key: screen.key,
      label: t(`screens.${screen.key}`),
      href: brokerageHref(seq, screen),
      isBuilt: isBuilt(root, screen),
      isDetail: hasPathParameters(screen),
    })),
  }));
  return (
    <ConsoleShell
      brand={
        <Anchor
          size="sm"
          visibleFrom="sm"
          renderRoot={(props) => (
            <Link {...props} to="/brokerage-console/$brokerageSeq" params={{ brokerageSeq: seq }} />
          )}
        >
          {t('title')}
        </Anchor>
      }
      headerExtra={<BrokeragePicker selected={brokerage} />}
      navigation={<ConsoleNav groups={groups} />}
    >
      {children}
    </ConsoleShell>
  );
}
