import { routeTable } from '@ledger/contracts';
import { openApiDocument, openApiReferencePage } from '@ledger/http';
import { Hono } from 'hono';

const documentPath = '/api/v1/openapi/write.json';

/**
 * The Write API's OpenAPI document (generated once, on first request, from the app's own zod
 * validators and the route table) and its reference page. Public, like the API's shape itself.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
export function apiReferenceRoutes(app: Hono<any>) {
  let document: Record<string, unknown> | undefined;
  const documentOf = () => {
    document ??= openApiDocument({
      app,
      title: 'Ledger exchange — Write API',
      version: '1',
      description:
        'Commands of the exchange (CQRS write side): every change is an event; money moves through the ledger writer. Money-moving commands need an Idempotency-Key.',
      documented: routeTable.filter((route) => route.service === 'write'),
    });
    return document;
  };
  return new Hono()
    .get('/openapi/write.json', (c) => {
      c.header('cache-control', 'public, max-age=300');
      return c.json(documentOf());
    })
    .get('/reference/write', (c) => c.html(openApiReferencePage(documentOf(), documentPath)));
}
