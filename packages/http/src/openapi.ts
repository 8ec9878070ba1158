import { ProblemSchema } from '@ledger/contracts';
import type { Hono } from 'hono';
import { z } from 'zod';
import { validationSpecOf } from './validation.ts';

/** One operation as the route table describes it (method, Hono path, who may call it). */
export type DocumentedRoute = {
  method: string;
  path: string;
  summary: string;
  access: string;
};

type JsonSchema = Record<string, unknown>;
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  'x-access': string;
  security?: { bearer: [] }[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: JsonSchema;
};

/**
 * The OpenAPI 3.1 document of one service: every route of `documented` that `app` serves (so a
 * development-only route appears only where it is mounted), with
 * the request schemas read from the app's own `validate(...)` middleware (the schemas that run,
 * so the document cannot drift from them), path parameters, bearer security for every route that
 * is not public, and problem details (RFC 9457) for failures. Answers are described as JSON only:
 * answer schemas are not declared in code yet.
 */
export function openApiDocument(options: {
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>;
  title: string;
  version: string;
  description: string;
  documented: readonly DocumentedRoute[];
}): JsonSchema {
  const validations = new Map<string, ReturnType<typeof validationSpecOf>[]>();
  const served = new Set<string>();
  for (const route of options.app.routes) {
    served.add(`${route.method} ${route.path}`);
    const spec = validationSpecOf(route.handler);
    if (spec === undefined) continue;
    const key = `${route.method} ${route.path}`;
    validations.set(key, [...(validations.get(key) ?? []), spec]);
  }
  const paths: Record<string, Record<string, Operation>> = {};
  const sorted = options.documented
    .filter((route) => served.has(`${route.method} ${route.path}`))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const specs = validations.get(`${route.method} ${route.path}`) ?? [];
    const operation = describeOperation(route, specs);
    const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[openApiPath] = { ...paths[openApiPath], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: options.description },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Problem: toSchema(ProblemSchema, 'output') },
    },
  };
}

function describeOperation(
  route: DocumentedRoute,
  specs: readonly (ReturnType<typeof validationSpecOf> | undefined)[],
): Operation {
  const parameters: JsonSchema[] = [];
  for (const name of route.path.matchAll(/:([A-Za-z0-9_]+)/g)) {
    parameters.push({ name: name[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  let requestBody: JsonSchema | undefined;
  for (const spec of specs) {
    if (spec === undefined) continue;
    const schema = toSchema(spec.schema, 'input');
    if (spec.target === 'json') {
      requestBody = { required: true, content: { 'application/json': { schema } } };
    } else if (spec.target === 'query' || spec.target === 'param' || spec.target === 'header') {
      const location = spec.target === 'param' ? 'path' : spec.target;
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        const existing = parameters.findIndex((p) => p.name === name && p.in === location);
        const parameter = {
          name,
          in: location,
          required: location === 'path' || required.has(name),
          schema: property,
        };
        if (existing >= 0) parameters[existing] = parameter;
        else parameters.push(parameter);
      }
    }
  }
  const segments = route.path.replace(/^\/api\/v1\//, '').split('/');
  const tag = segments[0] === 'admin' ? `admin/${segments[1] ?? ''}` : (segments[0] ?? '');
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    tags: [tag],
    'x-access': route.access,
    ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(requestBody === undefined ? {} : { requestBody }),
    responses: {
      '2XX': { description: 'Success', content: { 'application/json': {} } },
      default: {
        description: 'A problem (RFC 9457) with a stable `code`',
        content: {
          'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
        },
      },
    },
  };
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A self-contained reference page for an OpenAPI document (no script, no external asset): every
 * operation grouped by tag, with its access, parameters and request schema.
 */
export function openApiReferencePage(document: JsonSchema, documentUrl: string): string {
  const info = document.info as { title: string; version: string; description: string };
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const body = operation.requestBody as
        | { content: { 'application/json': { schema: unknown } } }
        | undefined;
      const parameters = (operation.parameters ?? []) as {
        name: string;
        in: string;
        required: boolean;
      }[];
      const html = `<section id="${escapeHtml(operation.operationId)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary)} <em>(${escapeHtml(operation['x-access'])})</em></p>
${parameters.length === 0 ? '' : `<p>Parameters: ${parameters.map((p) => `<code>${escapeHtml(p.name)}</code> in ${p.in}${p.required ? ', required' : ''}`).join('; ')}</p>`}
${body === undefined ? '' : `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(body.content['application/json'].schema, null, 2))}</pre></details>`}
</section>`;
      const tag = operation.tags[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => `<h2>${escapeHtml(tag)}</h2>\n${operations.join('\n')}`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.title)} reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem}
code,pre{font-family:ui-monospace,monospace}pre{background:#f5f5f5;padding:.75rem;overflow:auto}
.m{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#2f9e44}.post{background:#1971c2}.put{background:#e8590c}.delete{background:#c92a2a}</style></head>
<body><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${escapeHtml(info.description)}</p><p>Machine-readable: <a href="${escapeHtml(documentUrl)}">${escapeHtml(documentUrl)}</a></p>
${sections}
</body></html>`;
}
