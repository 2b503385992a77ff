/**
 * Every answer an API test receives is checked against the OpenAPI document the service
 * serves for the same configuration: the documented schema of that status, or the error
 * shape for a refusal. A route whose answer drifts from its declaration fails every test
 * that calls it, not just a dedicated one.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import type { AnyElysia } from 'elysia';
import { version } from '../../package.json';
import { openApiDocument } from '../../src/platform/http/openapi-document';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

interface Checker {
  operations: { method: string; pattern: RegExp; operation: Operation; pointer: string }[];
  ajv: Ajv2020;
  compiled: Map<unknown, ValidateFunction>;
}

/**
 * One checker per set of mounted routes, not per app: the document follows from the routes a
 * configuration mounts, and building it and compiling its schemas anew for every test's app
 * cost more than most tests themselves.
 */
const checkers = new Map<string, Checker>();

function routesKey(app: AnyElysia): string {
  return app.routes.map((route) => `${route.method} ${route.path}`).sort().join('\n');
}

function checkerFor(app: AnyElysia): Checker {
  const key = routesKey(app);
  let checker = checkers.get(key);
  if (checker) return checker;
  const document = openApiDocument(app, version) as unknown as { paths: Record<string, Record<string, Operation & { 'x-aliases'?: string[] }>> };
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  ajv.addSchema(document, 'openapi.json');
  const operations: Checker['operations'] = [];
  const patternOf = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\*/g, '.*')}$`);
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const pointer = `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses`;
      for (const template of [path, ...(operation['x-aliases'] ?? [])]) operations.push({ method: method.toUpperCase(), pattern: patternOf(template), operation, pointer });
    }
  }
  // the most specific template first: /leagues/global before /leagues/{id}
  operations.sort((a, b) => b.pattern.source.replaceAll('[^/]+', '').length - a.pattern.source.replaceAll('[^/]+', '').length);
  checkers.set(key, (checker = { operations, ajv, compiled: new Map() }));
  return checker;
}

/** Throws when a JSON answer does not match what the document says that route answers. */
export function assertDocumentedAnswer(app: AnyElysia, method: string, urlPath: string, status: number, contentType: string | null, body: unknown): void {
  if (body === undefined || !contentType?.includes('application/json')) return;
  const checker = checkerFor(app);
  const path = urlPath.split('?')[0];
  const found = checker.operations.find((entry) => entry.method === method && entry.pattern.test(path));
  // no route at all: the unknown-route 404 is checked by its own tests
  if (!found) return;
  const key = found.operation.responses[String(status)] ? String(status) : status >= 400 ? 'default' : undefined;
  const response = key === undefined ? undefined : found.operation.responses[key];
  if (!response) throw new Error(`${method} ${path} answered ${status}, a status its OpenAPI operation does not document`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} answered ${status} with JSON, but the document names no JSON body for it`);
  let validate = checker.compiled.get(schema);
  if (!validate) {
    validate = checker.ajv.compile({ $ref: `openapi.json${found.pointer}/${key}/content/application~1json/schema` });
    checker.compiled.set(schema, validate);
  }
  if (!validate(body)) {
    throw new Error(`${method} ${path} ${status} does not match its documented answer: ${checker.ajv.errorsText(validate.errors)}`);
  }
}
