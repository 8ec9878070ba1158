import { routeTable } from '@ledger/contracts';
import { openApiDocument, openApiReferencePage } from '@ledger/http';
import { Hono } from 'hono';

const documentPath = '/api/v1/openapi/query.json';

/**
 * The Query API's OpenAPI document (generated once, on first request, from the app's own zod
 * validators and the route table) and its reference page. Public, like the API's shape itself.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
export function apiReferenceRoutes(app: Hono<any>) {
  let document: Record<string, unknown> | undefined;
  const documentOf = () => {
    document ??= openApiDocument({
      app,
      title: 'Ledger exchange — Query API',
      version: '1',
      description:
        'Reads of the exchange (CQRS read side): read models served over HTTP. Writes go to the write API.',
      documented: routeTable.filter((route) => route.service === 'query'),
    });
    return document;
  };
  return new Hono()
    .get('/openapi/query.json', (c) => {
      c.header('cache-control', 'public, max-age=300');
      return c.json(documentOf());
    })
    .get('/reference/query', (c) => c.html(openApiReferencePage(documentOf(), documentPath)));
}
