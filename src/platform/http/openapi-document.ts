/** Made from the mounted routes, so it cannot drift; what Elysia's generator has no word for is added here. */
import { toOpenAPISchema } from '@elysiajs/openapi';
import type { AnyElysia } from 'elysia';
import { z } from 'zod';
import { ERROR_STATUS } from '../../domain/errors';
import { SESSION_COOKIE } from '../../features/auth/session-tokens';
import { namedShapes } from './wire/registry';
import { mapJsonSchema } from './route-schemas';

type JsonObject = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';

function components(io: 'output'): Record<string, JsonObject> {
  const registry = z.registry<{ id: string; description?: string }>();
  for (const { id, schema, description } of namedShapes()) {
    if (!registry.has(schema)) registry.add(schema, description === undefined ? { id } : { id, description });
  }
  const converted = z.toJSONSchema(registry, { uri: (id) => `${COMPONENT}${id}`, io, unrepresentable: 'any' }).schemas;
  return Object.fromEntries(
    Object.entries(converted).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, id: _name, ...rest } = schema as JsonObject;
      return [id, rest];
    }),
  );
}

const REFUSAL = { description: 'A refusal: `{ "error": CONSTANT }` with the status the catalogue names', content: { 'application/json': { schema: { $ref: `${COMPONENT}Error` } } } };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export function openApiDocument(app: AnyElysia, version: string): JsonObject {
  const { paths } = toOpenAPISchema(app, { staticFile: false }, undefined, mapJsonSchema, '3.1.0');
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const responses = (operation.responses ??= {});
      const redirect = responses['302'];
      if (redirect) responses['302'] = { description: ('description' in redirect && redirect.description) || 'A redirect', headers: { Location: { schema: { type: 'string' } } } };
      responses.default = REFUSAL;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Article Fantasy League', version },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: {
        Error: { type: 'object', properties: { error: { type: 'string', enum: Object.keys(ERROR_STATUS) } }, required: ['error'] },
        ...components('output'),
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        serviceToken: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
