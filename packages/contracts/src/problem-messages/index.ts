export * from './catalog.ts';
export { fieldMessages, problemCatalogs } from './catalogs.ts';
