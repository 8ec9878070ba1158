// Proves both APIs publish an OpenAPI 3.1 document generated from the code that runs: every route
// of the table each app serves is in it, each JSON body is described by its strict zod schema
// (unknown fields refused), non-public operations need the bearer token, and the reference page
// lists every operation.
import { routeTable } from '@ledger/contracts';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from './testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
});
afterAll(async () => {
  await kit.close();
});

type Operation = {
  summary: string;
  security?: unknown[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

async function documentOf(service: 'query' | 'write'): Promise<Document> {
  const response =
    service === 'query'
      ? await kit.get('/api/v1/openapi/query.json')
      : await kit.app.request('/api/v1/openapi/write.json');
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

for (const service of ['query', 'write'] as const) {
  test(`the ${service} API documents every route it serves, from its own schemas`, async () => {
    const document = await documentOf(service);
    expect(document.openapi).toBe('3.1.0');
    const app = service === 'query' ? kit.queryApp : kit.app;
    const served = new Set(app.routes.map((route) => `${route.method} ${route.path}`));
    const expected = routeTable.filter(
      (route) => route.service === service && served.has(`${route.method} ${route.path}`),
    );
    expect(expected.length).toBeGreaterThan(10);
    for (const route of expected) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation?.summary).toBe(route.summary);
      expect(operation?.security === undefined).toBe(route.access === 'public');
    }
  });
}

test('a JSON body is described by its strict schema', async () => {
  const document = await documentOf('write');
  const register = document.paths['/api/v1/member']?.post?.requestBody;
  const schema = register?.content['application/json'].schema;
  expect(schema?.type).toBe('object');
  expect(schema?.additionalProperties).toBe(false);
  expect(Object.keys(schema?.properties as object)).toEqual(
    expect.arrayContaining(['user_id', 'password', 'email_address']),
  );
  const bodies = Object.values(document.paths).flatMap((operations) =>
    Object.values(operations).flatMap((operation) =>
      operation.requestBody === undefined ? [] : [operation.requestBody],
    ),
  );
  expect(bodies.length).toBeGreaterThan(10);
});

test('the reference pages list every operation', async () => {
  const page = await kit.get('/api/v1/reference/query');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  const html = await page.text();
  const document = await documentOf('query');
  for (const path of Object.keys(document.paths)) expect(html).toContain(`<code>${path}</code>`);
  const writePage = await kit.app.request('/api/v1/reference/write');
  expect(await writePage.text()).toContain('<code>/api/v1/member</code>');
});
