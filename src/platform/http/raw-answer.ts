/** Returned as a Buffer, which Elysia on Node writes as it stands. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** null for a 304 or a bodyless answer */
  body: Buffer | null;
}

export interface ResponseSet {
  status?: number | string;
  headers: Record<string, string | number | string[] | undefined> | object;
}

export function sendRaw(set: ResponseSet, answer: RawAnswer): Buffer | null {
  set.status = answer.status;
  Object.assign(set.headers, answer.headers);
  return answer.body;
}
