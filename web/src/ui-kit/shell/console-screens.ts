/**
 * A screen of a console (SPEC §2): its path below the console root, with `$name` for a path
 * parameter, the i18n key of its name and its navigation group.
 */
export type ConsoleScreen<Key extends string = string, Group extends string = string> = {
  readonly key: Key;
  readonly path: string;
  readonly group: Group;
};

/** Whether a screen needs an id from a list (a detail screen): it cannot be opened from the menu. */
export function hasPathParameters(screen: ConsoleScreen): boolean {
  return screen.path.split('/').some((segment) => segment.startsWith('$'));
}

/** The screen whose path pattern matches `path` (relative to the console root), if any. */
export function findScreen<Screen extends ConsoleScreen>(
  screens: readonly Screen[],
  path: string,
): Screen | undefined {
  const segments = path.split('/').filter((segment) => segment !== '');
  return screens.find((screen) => {
    const pattern = screen.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith('$') || part === segments[index])
    );
  });
}

/** The screen's path with every parameter filled by `value`, to ask the router about it. */
export function samplePath(screen: ConsoleScreen, value = '1'): string {
  return screen.path
    .split('/')
    .map((segment) => (segment.startsWith('$') ? value : segment))
    .join('/');
}

/** Groups in first-seen order, each with its screens. */
export function groupScreens<Screen extends ConsoleScreen>(
  screens: readonly Screen[],
): { group: Screen['group']; screens: Screen[] }[] {
  const groups = new Map<Screen['group'], Screen[]>();
  for (const screen of screens) {
    const list = groups.get(screen.group) ?? [];
    list.push(screen);
    groups.set(screen.group, list);
  }
  return [...groups].map(([group, list]) => ({ group, screens: list }));
}
