/**
 * The OpenAPI 3.1 document, built from the route declarations and the named wire shapes, so
 * it cannot drift from what is mounted: served at `/openapi.json` and printed by
 * `fantasy openapi`, for the deployment's configuration (routes it does not serve are absent).
 */
import { z } from 'zod';
import type { Config } from '../config';
import { ERROR_STATUS } from '../domain/errors';
import { SESSION_COOKIE } from '../services/session-tokens';
import { namedShapes } from '../wire/registry';
import { type Route, isMounted } from './route-kit';

type JsonObject = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';

/** `/leagues/:id` as OpenAPI writes it: `/leagues/{id}`. */
export function openApiPath(template: string): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function withoutMeta(schema: JsonObject): JsonObject {
  const { $schema: _schema, $id: _id, id: _name, ...rest } = schema;
  return rest;
}

/** Converts a registry of named schemas to components, refs between them kept. */
function components(entries: readonly { id: string; schema: z.ZodType; description?: string }[], io: 'input' | 'output'): Record<string, JsonObject> {
  const registry = z.registry<{ id: string; description?: string }>();
  for (const { id, schema, description } of entries) {
    if (!registry.has(schema)) registry.add(schema, description === undefined ? { id } : { id, description });
  }
  const converted = z.toJSONSchema(registry, { uri: (id) => `${COMPONENT}${id}`, io, unrepresentable: 'any' }).schemas;
  return Object.fromEntries(Object.entries(converted).map(([id, schema]) => [id, withoutMeta(schema as JsonObject)]));
}

function queryParameters(schema: z.ZodType | undefined): JsonObject[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function pathParameters(template: string): JsonObject[] {
  return [...template.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
}

const SECURITY: Record<Route['access'], JsonObject[] | undefined> = {
  public: [],
  session: [{ session: [] }],
  player: [{ session: [] }],
  service: [{ serviceToken: [] }],
};

export function openApiDocument(routes: readonly Route[], config: Config, version: string): JsonObject {
  const mounted = routes.filter((route) => isMounted(route, config));
  const named = new Map(namedShapes().map((entry) => [entry.schema, entry.id]));
  const answerEntries = [...namedShapes()];
  const bodyEntries: { id: string; schema: z.ZodType }[] = [];
  const ref = (id: string) => ({ $ref: `${COMPONENT}${id}` });

  /** a named shape, or a list of one, is referred to; anything else becomes the route's own component */
  const answerSchema = (routeId: string, schema: z.ZodType): JsonObject => {
    const id = named.get(schema);
    if (id !== undefined) return ref(id);
    const element = schema instanceof z.ZodArray ? named.get(schema.element as z.ZodType) : undefined;
    if (element !== undefined) return { type: 'array', items: ref(element) };
    answerEntries.push({ id: `${routeId}Answer`, schema });
    return ref(`${routeId}Answer`);
  };

  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of mounted) {
    const responses: Record<string, JsonObject> = {};
    const status = String(route.status ?? 200);
    const answer = route.answer;
    if ('json' in answer) {
      responses[status] = { description: route.summary, content: { 'application/json': { schema: answerSchema(route.id, answer.json) } } };
    } else if ('redirect' in answer) {
      responses['302'] = { description: route.summary, headers: { Location: { schema: { type: 'string' } } } };
    } else if ('text' in answer) {
      responses[status] = { description: route.summary, content: { [answer.text]: { schema: { type: 'string' } } } };
    } else {
      responses[status] = { description: route.summary };
    }
    responses.default = { description: 'A refusal: `{ "error": CONSTANT }` with the status the catalogue names', content: { 'application/json': { schema: ref('Error') } } };
    const operation: JsonObject = {
      operationId: route.id,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      security: SECURITY[route.access],
      parameters: [...pathParameters(route.path), ...queryParameters(route.query)],
      responses,
    };
    if (route.body) {
      bodyEntries.push({ id: `${route.id}Body`, schema: route.body.schema });
      operation.requestBody = { required: true, content: { 'application/json': { schema: ref(`${route.id}Body`) } } };
    }
    if (route.aliases?.length) operation['x-aliases'] = route.aliases.map(openApiPath);
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Article Fantasy League', version },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          properties: { error: { type: 'string', enum: Object.keys(ERROR_STATUS) } },
          required: ['error'],
        },
        ...components(answerEntries, 'output'),
        ...components(bodyEntries, 'input'),
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        serviceToken: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
