import { type AnyElysia, Elysia } from 'elysia';

/** Absent from the router and the document when disabled, yet kept in the app's type so the web app's client always compiles. */
export function routesWhen<Routes extends AnyElysia>(enabled: boolean, routes: () => Routes): Routes;
export function routesWhen(enabled: boolean, routes: () => AnyElysia): AnyElysia {
  return enabled ? routes() : new Elysia();
}
