import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import { API, API_KEY_SCOPES, KEY_ROUTES } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import { type ValidatedPart, validatedParts } from './validated-schemas';

/**
 * The public API as an OpenAPI 3.1 document, generated from what is served: for each key route
 * (contracts/api-paths.ts KEY_ROUTES), the zod schemas its validators check become its parameters and body,
 * through zod's own JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses). Nothing is written by
 * hand, so the document cannot describe a field the Worker would refuse.
 */
type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; description?: string; [k: string]: unknown };

const jsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** `group.name` of a path in the API table: a stable operation id a client generator can name methods by. */
const operationIds = new Map<string, string>(
  Object.entries(API).flatMap(([group, paths]) => Object.entries(paths).map(([name, path]) => [path as string, `${group}.${name}`] as const)),
);

function parameters(parts: ValidatedPart[]) {
  return parts
    .filter((p) => p.target === 'query' || p.target === 'param')
    .flatMap(({ target, schema }) => {
      const object = jsonSchema(schema);
      return Object.entries(object.properties ?? {}).map(([name, property]) => ({
        name,
        in: target === 'param' ? 'path' : 'query',
        required: target === 'param' || (object.required ?? []).includes(name),
        schema: property,
      }));
    });
}

const envelope = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: '200 on success; otherwise the error code (docs/api.md).' },
    msg: { type: 'string', description: 'A message in the language of Accept-Language.' },
    data: { description: 'The answer; null on errors.' },
  },
};

export function openApiDocument(served: readonly RouterRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of KEY_ROUTES) {
    const handlers = served.filter((r) => r.method === route.method && r.path === `${API_BASE}${route.path}`).map((r) => r.handler);
    const parts = handlers.map((h) => validatedParts.get(h)).filter((p): p is ValidatedPart => Boolean(p));
    const body = parts.find((p) => p.target === 'json');
    const openPath = route.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
    paths[openPath] ??= {};
    paths[openPath][route.method.toLowerCase()] = {
      operationId: operationIds.get(route.path),
      tags: [route.scope],
      summary: operationIds.get(route.path),
      description: `Needs an API key with the \`${route.scope}\` scope.`,
      security: [{ apiKey: [route.scope] }],
      parameters: parameters(parts),
      ...(body && { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body.schema) } } } }),
      responses: {
        '200': {
          description: 'The envelope `{code, msg, data}`; exports answer the file itself.',
          content: { 'application/json': { schema: envelope } },
        },
        '401': { description: 'No key, an unknown key or a revoked key.' },
        '403': { description: 'The key lacks the scope this call needs.' },
        '429': { description: 'The key made too many calls this minute.' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tingyi API',
      version: '1',
      description: 'Transcription, meetings and dubbing for your own programs. Send a personal API key as `Authorization: Bearer ty_live_…`.',
    },
    servers: [{ url: API_BASE }],
    tags: API_KEY_SCOPES.map((name) => ({ name })),
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A personal API key (ty_live_…) from Settings → API keys.' } },
    },
    paths,
  };
}
