/** What the OpenAPI document says of a route beside its schemas. */
export type Access = 'public' | 'session' | 'service';

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  session: [{ session: [] }],
  service: [{ serviceToken: [] }],
};

export interface RouteDoc {
  /** a verb phrase, unique across the interface */
  id: string;
  summary: string;
  description?: string;
  /** documented as `x-aliases` */
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

export const alias = { detail: { hide: true } } as const;
