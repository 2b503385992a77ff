/** Answers are declared, not checked (a parse per response, and a cached Buffer cannot be read; API tests check answers instead); held-back bodies are parsed by the handler. */
import { z } from 'zod';
import { namedShapes } from './wire/registry';

type JsonSchema = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';

let namedIds: Map<z.ZodType, string> | undefined;
function nameOf(schema: z.ZodType): string | undefined {
  namedIds ??= new Map(namedShapes().map((entry) => [entry.schema, entry.id]));
  return namedIds.get(schema);
}

/** A reference when the interface names it, else written out. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const id = nameOf(schema);
  if (id !== undefined) return { $ref: `${COMPONENT}${id}` };
  const element = schema instanceof z.ZodArray ? nameOf(schema.element as z.ZodType) : undefined;
  if (element !== undefined) return { type: 'array', items: { $ref: `${COMPONENT}${element}` } };
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  return rest;
}

export interface DeclaredOnly<Input, Output> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'fantasy';
    readonly validate: (value: unknown) => { value: unknown } | { issues: readonly { message: string; path?: readonly PropertyKey[] }[] };
    readonly types?: { readonly input: Input; readonly output: Output };
    readonly jsonSchema: { input(options?: unknown): JsonSchema; output(options?: unknown): JsonSchema };
  };
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

/** Documented and typed for the client, not checked on the way out. */
export function answer<S extends z.ZodType>(schema: S): DeclaredOnly<z.output<S>, z.output<S>> {
  return declaredOnly(schema);
}

/** An answer the handler hands over as bytes (the Node adapter would set its own content type on a string), documented as `schema`. */
export function bytesAnswer(schema: z.ZodType): DeclaredOnly<Buffer, Buffer> {
  return declaredOnly(schema);
}

/** Typed for the client as what it sends; the handler parses the raw value. */
export function heldBack<S extends z.ZodType>(schema: S): DeclaredOnly<z.input<S>, z.input<S>> {
  return declaredOnly(schema);
}

/** Typed by the input, since Elysia types by the output and some shapes transform; the handler reads it through `checkedValue`. */
export function checked<S extends z.ZodType>(schema: S): DeclaredOnly<z.input<S>, z.input<S>> {
  return declaredOnly(schema, (value) => {
    const result = schema.safeParse(value);
    return result.success ? { value: result.data } : { issues: result.error.issues };
  });
}

/** As the shape's output, what it is at run time. */
export function checkedValue<S extends z.ZodType>(_schema: S, value: z.input<S>): z.output<S> {
  return value as z.output<S>;
}

/** Zod shapes Elysia does check (bodies, queries): written out for the document as input. */
export const mapJsonSchema = {
  zod: (schema: z.ZodType) => jsonSchemaOf(schema, 'input'),
};
