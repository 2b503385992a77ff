/** What a fake route answers; the server turns it into bytes. */
export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  /** serialized as JSON (fresh for every response) */
  json?: unknown;
  text?: string;
}

export function jsonResponse(json: unknown, status = 200, headers: Record<string, string> = {}): FakeResponse {
  return { status, json, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } };
}

/** AQS/REST errors are problem+json (external-apis §1.5). */
export function problem(status: number, detail: string, uri: string): FakeResponse {
  const type = status === 404 ? 'not_found' : status === 400 ? 'bad_request' : 'server_error';
  const title = status === 404 ? 'Not found.' : status === 400 ? 'Bad request.' : 'Internal error.';
  return {
    status,
    json: { type: `https://mediawiki.org/wiki/HyperSwitch/errors/${type}`, title, method: 'get', detail, uri },
    headers: { 'content-type': 'application/problem+json' },
  };
}

/** Action API failures: HTTP 200, an `error` member, and the MediaWiki-API-Error header. */
export function actionApiError(code: string, info: string): FakeResponse {
  return jsonResponse(
    {
      error: {
        code,
        info,
        docref: 'See https://en.wikipedia.org/w/api.php for API usage. Subscribe to the mediawiki-api-announce mailing list for notice of API deprecations and breaking changes.',
      },
      servedby: 'mw-api-fake',
    },
    200,
    { 'MediaWiki-API-Error': code },
  );
}
