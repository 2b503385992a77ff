/** Registered once by name: the OpenAPI document lists them as components and refers to them wherever a route uses one. */
import type { z } from 'zod';

interface NamedShape {
  id: string;
  schema: z.ZodType;
  description?: string;
}

const shapes: NamedShape[] = [];

export function named<S extends z.ZodType>(id: string, schema: S, description?: string): S {
  if (shapes.some((shape) => shape.id === id)) throw new Error(`wire shape ${id} is named twice`);
  shapes.push(description === undefined ? { id, schema } : { id, schema, description });
  return schema;
}

export function namedShapes(): readonly NamedShape[] {
  return shapes;
}
