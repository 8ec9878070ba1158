import { Anchor, Badge, Table } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type ConsoleScreen, hasPathParameters } from './console-screens.ts';
import { useIsScreenBuilt } from './screen-status.ts';

export type CatalogRow = {
  key: string;
  screen: ConsoleScreen;
  name: string;
  group: string;
  href: string;
};

/** The path as SPEC §2 writes it: parameters in braces (member/{member_seq}/view). */
function displayPath(root: string, screen: ConsoleScreen): string {
  const path = screen.path.replace(/\$(\w+)/g, '{$1}');
  return path === '' ? root : `${root}/${path}`;
}

/** Every screen of a console with its path and whether it is built yet. */
export function ScreenCatalog({ root, screens }: { root: string; screens: CatalogRow[] }) {
  const { t } = useTranslation();
  const router = useRouter();
  const isBuilt = useIsScreenBuilt();
  return (
    <Table striped highlightOnHover aria-label={t('catalog.label')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('catalog.group')}</Table.Th>
          <Table.Th>{t('catalog.screen')}</Table.Th>
          <Table.Th>{t('catalog.path')}</Table.Th>
          <Table.Th>{t('catalog.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {screens.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{row.group}</Table.Td>
            <Table.Td>
              {hasPathParameters(row.screen) ? (
                row.name
              ) : (
                <Anchor
                  href={row.href}
                  onClick={(event) => {
                    event.preventDefault();
                    void router.navigate({ href: row.href });
                  }}
                >
                  {row.name}
                </Anchor>
              )}
            </Table.Td>
            <Table.Td>
              <code>{displayPath(root, row.screen)}</code>
            </Table.Td>
            <Table.Td>
              {isBuilt(root, row.screen) ? (
                <Badge color="teal" variant="light">
                  {t('catalog.built')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  {t('nav.notBuiltBadge')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
