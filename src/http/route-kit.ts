/**
 * How a route is declared: its method and path, who may call it, the zod schemas of its
 * query and body, the shape of its answer, and one call into a service. Parsing happens here
 * and only here, so a handler receives typed values and the player the session names; the
 * same declarations produce the OpenAPI document (`openapi.ts`).
 */
import type { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import type { Checked } from '../domain/checked';
import { type ErrorCode, ERROR_STATUS, fail, Failure } from '../domain/errors';
import type { Services } from '../services/composition-root';
import type { SessionClaims } from '../services/session-tokens';
import type { PlayerRow } from '../store/players';
import { playerForSession } from '../services/auth-service';
import { AnswerCache } from './answer-cache';
import type { HttpRequest } from './http-request';
import { HttpResponse, jsonResponse } from './http-response';
import { readJsonBody } from './request-body';
import { RouteTable } from './route-table';
import { requireSession } from './session';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone (`public`), a valid session (`session`), the player it names
 * (`player`), or the scoring engine's bearer token (`service`). The guards in app.ts check
 * sessions and tokens by path prefix before routing; the kit resolves the player.
 */
export type Access = 'public' | 'session' | 'player' | 'service';

/** What a body must be, and which constant answers when it is not. */
export interface BodyDeclaration<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** a body that is empty or not JSON */
  malformed: ErrorCode;
  /** a body the schema refuses, when the refusing check names no constant of its own */
  invalid: ErrorCode;
  limitBytes?: number;
  /** the password routes answer an oversized body as plain text (the spec's one exception) */
  tooLargeAs?: 'json' | 'text';
  /**
   * The interface orders checks on the caller's state before this body's: the handler gets a
   * `Checked` value and the service refuses a bad body at the point the interface names.
   */
  checkedByService?: true;
  /**
   * With `checkedByService`: a body that is not JSON (or too large) is still refused before
   * the handler runs; only the schema's refusal is held back for the service.
   */
  malformedFirst?: true;
}

/** How an answer is documented: JSON of a schema, a redirect, plain text, or no body. */
export type Answer = { json: z.ZodType } | { redirect: true } | { text: string } | { empty: true };

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string } & (P extends `${string}*` ? { '*': string } : unknown);

type BodyValue<B> = B extends { schema: infer S extends z.ZodType; checkedByService: true }
  ? Checked<z.output<S>>
  : B extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : undefined;

export interface ResponseControl {
  status?: number;
  headers: Record<string, string>;
}

export interface RouteInput<A extends Access, P extends string, Q, B> {
  ctx: AppContext;
  services: Services;
  request: HttpRequest;
  set: ResponseControl;
  params: PathParams<P>;
  query: Q;
  body: BodyValue<B>;
  claims: A extends 'session' | 'player' ? SessionClaims : undefined;
  player: A extends 'player' ? PlayerRow : undefined;
}

/**
 * An answer kept in memory by version (answer-cache.ts): tagged with an ETag, answered 304 to
 * a client holding it, serialized and compressed once until the version moves. The handler
 * then must produce a plain value synchronously; headers it sets are kept with the answer.
 */
export interface CacheDeclaration<I> {
  /** what the answer is kept under; undefined for one never kept (it differs by caller) */
  key(input: I): string | undefined;
  /** read before producing and again after (an answer that raced a write is not kept); undefined leaves the answer uncached */
  version(input: I): number | undefined;
}

export interface RouteDeclaration<A extends Access, P extends string, QS extends z.ZodType | undefined, B extends BodyDeclaration | undefined> {
  /** the OpenAPI operationId: a verb phrase, unique across the interface */
  id: string;
  method: Method;
  path: P;
  /** extra templates served by the same handler (documented as `x-aliases`) */
  aliases?: readonly string[];
  summary: string;
  description?: string;
  tag: string;
  access: A;
  query?: QS;
  /** the constant a query the schema refuses answers with (default INVALID_REQUEST) */
  queryInvalid?: ErrorCode;
  body?: B;
  /** the success status (default 200) */
  status?: number;
  answer: Answer;
  /** routes a deployment does not serve (password sign-in off, metrics unconfigured) */
  mountedWhen?: (config: Config) => boolean;
  cache?: CacheDeclaration<RouteInput<A, P, QS extends z.ZodType ? z.output<QS> : undefined, B>>;
  handle(input: RouteInput<A, P, QS extends z.ZodType ? z.output<QS> : undefined, B>): unknown;
}

/** A declaration with its types erased, as the app and the document builder hold it. */
export type Route = RouteDeclaration<Access, string, z.ZodType | undefined, BodyDeclaration | undefined>;

export function route<
  const A extends Access,
  const P extends string,
  QS extends z.ZodType | undefined = undefined,
  B extends BodyDeclaration | undefined = undefined,
>(declaration: RouteDeclaration<A, P, QS, B>): Route {
  return declaration as unknown as Route;
}

export function isMounted(route: Route, config: Config): boolean {
  return route.mountedWhen ? route.mountedWhen(config) : true;
}

/** The constant a schema's refusal answers: the first issue's, when it names one. */
export function refusalCode(issues: readonly z.core.$ZodIssue[], fallback: ErrorCode): ErrorCode {
  const named = issues[0]?.message;
  return named !== undefined && Object.hasOwn(ERROR_STATUS, named) ? (named as ErrorCode) : fallback;
}

/** Query strings as an object: one value as a string, a repeated name as an array. */
export function queryObject(url: string): Record<string, string | string[]> {
  const search = url.indexOf('?');
  const out: Record<string, string | string[]> = {};
  if (search < 0) return out;
  for (const [key, value] of new URLSearchParams(url.slice(search + 1))) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

async function parsedBody(request: HttpRequest, declaration: BodyDeclaration): Promise<Checked<unknown>> {
  let json: unknown;
  try {
    json = await readJsonBody(request, declaration.malformed, declaration.limitBytes, declaration.tooLargeAs);
  } catch (error) {
    if (declaration.malformedFirst) throw error;
    return { ok: false, error };
  }
  try {
    const result = declaration.schema.safeParse(json);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, error: new Failure(refusalCode(result.error.issues, declaration.invalid)) };
  } catch (error) {
    return { ok: false, error };
  }
}

function parsedQuery(request: HttpRequest, schema: z.ZodType, invalid: ErrorCode): unknown {
  const result = schema.safeParse(queryObject(request.url));
  if (!result.success) fail(refusalCode(result.error.issues, invalid));
  return result.data;
}

type AnyInput = RouteInput<Access, string, unknown, undefined>;

/**
 * The handler's answer, from the app's answer cache when the route declares one. A kept
 * answer is produced synchronously, its headers kept with it. A handler that must wait after
 * all (its version promised every input was stored, and one went in between) is answered
 * afresh and untagged: slower, never stale.
 */
function answered(declaration: Route, input: AnyInput, answers: AnswerCache): unknown {
  const cache = declaration.cache;
  const key = cache?.key(input as never);
  const version = key === undefined ? undefined : cache!.version(input as never);
  if (key === undefined || version === undefined) return declaration.handle(input as never);
  let waiting: unknown;
  const kept = answers.answer(
    input.request,
    key,
    version,
    () => {
      const body = declaration.handle(input as never);
      if (body instanceof HttpResponse) throw new Error(`${declaration.id}: a cached answer must be a plain value`);
      if (body instanceof Promise) {
        waiting = body;
        return undefined;
      }
      return { body, headers: { ...input.set.headers } };
    },
    () => cache!.version(input as never),
  );
  return kept ?? waiting;
}

/** What a matched route runs: the request and the path's parameters in, the answer out. */
export type RouteHandler = (request: HttpRequest, params: Record<string, string>) => Promise<HttpResponse>;

/**
 * The routes this deployment serves, each under its template and its aliases. The kit reads
 * every body, query and session itself; a handler's plain value is answered as JSON with the
 * declared status and the headers it set.
 */
export function routeTable(ctx: AppContext, routes: readonly Route[]): RouteTable<RouteHandler> {
  const answers = new AnswerCache();
  const table = new RouteTable<RouteHandler>();
  for (const declaration of routes) {
    if (!isMounted(declaration, ctx.config)) continue;
    const handler: RouteHandler = async (request, params) => {
      const claims = declaration.access === 'session' || declaration.access === 'player' ? await requireSession(ctx, request) : undefined;
      const player = declaration.access === 'player' ? playerForSession(ctx.db, claims!) : undefined;
      const query = declaration.query ? parsedQuery(request, declaration.query, declaration.queryInvalid ?? 'INVALID_REQUEST') : undefined;
      let body: unknown;
      if (declaration.body) {
        const checked = await parsedBody(request, declaration.body);
        if (declaration.body.checkedByService) body = checked;
        else if (checked.ok) body = checked.value;
        else throw checked.error;
      }
      const set: ResponseControl = { status: declaration.status, headers: {} };
      const value = await answered(declaration, { ctx, services: ctx.services, request, set, params, query, body, claims, player } as never, answers);
      return value instanceof HttpResponse ? value : jsonResponse(value, set.status ?? 200, set.headers);
    };
    for (const path of [declaration.path, ...(declaration.aliases ?? [])]) table.add(declaration.method, path, handler);
  }
  return table;
}
