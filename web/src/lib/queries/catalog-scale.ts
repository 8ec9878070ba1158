import { useQuery } from '@tanstack/react-query';
import { allAssetsQuery } from './asset-queries.ts';

/**
 * The decimal_point the asset catalog gives an asset code: undefined while the catalog loads or for
 * a code it does not list. For the administrator's screens that show or take amounts of any asset.
 */
export function useCatalogScale(): (code: string) => number | undefined {
  const assets = useQuery(allAssetsQuery());
  return (code) => assets.data?.find((asset) => asset.code === code)?.decimal_point;
}
