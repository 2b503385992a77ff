/**
 * How a route's zod shapes reach Elysia. Bodies and queries that the route checks are plain
 * zod (Elysia validates them through Standard Schema). Two kinds are declared but not checked
 * by Elysia, each wrapped here so the OpenAPI document and Eden's types still see the shape:
 * - answers: checking every answer against its schema would cost a zod parse per response
 *   (a 1,000-team leaderboard) and cannot read a cached Buffer; the API tests check every
 *   answer against the document instead;
 * - bodies the interface refuses only after checks on the caller's state (a buy refuses the
 *   team, then the league, then its fields): the handler parses them at that point itself.
 */
import { z } from 'zod';
import { namedShapes } from './wire/registry';

type JsonSchema = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';

let namedIds: Map<z.ZodType, string> | undefined;
function nameOf(schema: z.ZodType): string | undefined {
  namedIds ??= new Map(namedShapes().map((entry) => [entry.schema, entry.id]));
  return namedIds.get(schema);
}

/** The JSON Schema of a shape: a reference when the interface names it, else written out. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const id = nameOf(schema);
  if (id !== undefined) return { $ref: `${COMPONENT}${id}` };
  const element = schema instanceof z.ZodArray ? nameOf(schema.element as z.ZodType) : undefined;
  if (element !== undefined) return { type: 'array', items: { $ref: `${COMPONENT}${element}` } };
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  return rest;
}

/** A Standard Schema standing for a zod shape, typed and documented as that shape. */
export interface DeclaredOnly<Input, Output> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'fantasy';
    readonly validate: (value: unknown) => { value: unknown } | { issues: readonly { message: string; path?: readonly PropertyKey[] }[] };
    readonly types?: { readonly input: Input; readonly output: Output };
    readonly jsonSchema: { input(options?: unknown): JsonSchema; output(options?: unknown): JsonSchema };
  };
  /** the zod shape it stands for */
  readonly shape: z.ZodType;
}

function declaredOnly<Input, Output>(schema: z.ZodType, validate: DeclaredOnly<Input, Output>['~standard']['validate'] = (value) => ({ value })): DeclaredOnly<Input, Output> {
  return {
    '~standard': {
      version: 1,
      vendor: 'fantasy',
      validate,
      jsonSchema: { input: () => jsonSchemaOf(schema, 'input'), output: () => jsonSchemaOf(schema, 'output') },
    },
    shape: schema,
  };
}

/** What a route answers: documented and typed for the client, not checked on the way out. */
export function answer<S extends z.ZodType>(schema: S): DeclaredOnly<z.output<S>, z.output<S>> {
  return declaredOnly(schema);
}

/**
 * A body the handler checks itself, after the checks the interface orders first: typed for the
 * client as what it sends; the handler receives the raw value and parses it (`checkedBody`).
 */
export function heldBack<S extends z.ZodType>(schema: S): DeclaredOnly<z.input<S>, z.input<S>> {
  return declaredOnly(schema);
}

/**
 * A body or query Elysia checks with zod, typed as what the client sends. Elysia types both
 * its handler and Eden's client by a schema's output; where a shape transforms (a query's
 * page, a founding's duration) the client must be typed by the input, so the handler reads
 * the checked value through `checkedValue`.
 */
export function checked<S extends z.ZodType>(schema: S): DeclaredOnly<z.input<S>, z.input<S>> {
  return declaredOnly(schema, (value) => {
    const result = schema.safeParse(value);
    return result.success ? { value: result.data } : { issues: result.error.issues };
  });
}

/** The value `checked(schema)` let through, as the shape's output (what it is at run time). */
export function checkedValue<S extends z.ZodType>(_schema: S, value: z.input<S>): z.output<S> {
  return value as z.output<S>;
}

/** Zod shapes Elysia does check (bodies, queries): written out for the document as input. */
export const mapJsonSchema = {
  zod: (schema: z.ZodType) => jsonSchemaOf(schema, 'input'),
};
