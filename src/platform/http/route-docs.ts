/** What the OpenAPI document says of a route beside its schemas (detail of an Elysia route). */
export type Access = 'public' | 'session' | 'service';

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  session: [{ session: [] }],
  service: [{ serviceToken: [] }],
};

export interface RouteDoc {
  /** the OpenAPI operationId: a verb phrase, unique across the interface */
  id: string;
  summary: string;
  description?: string;
  /** other templates the same handler serves (documented as `x-aliases`) */
  aliases?: string[];
}

export function docs(tag: string, access: Access) {
  return ({ id, summary, description, aliases }: RouteDoc) => ({
    detail: {
      operationId: id,
      summary,
      ...(description ? { description } : {}),
      tags: [tag],
      security: SECURITY[access],
      ...(aliases ? { 'x-aliases': aliases } : {}),
    },
  });
}

/** The detail of a template served only as another route's alias: left out of the document. */
export const alias = { detail: { hide: true } } as const;
