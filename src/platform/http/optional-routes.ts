import { type AnyElysia, Elysia } from 'elysia';

/**
 * Routes served only when `enabled`: otherwise absent from the router (an unknown route's
 * 404) and from the OpenAPI document, yet kept in the app's type, so the web app's client
 * compiles whatever the deployment's configuration.
 */
export function routesWhen<Routes extends AnyElysia>(enabled: boolean, routes: () => Routes): Routes {
  return enabled ? routes() : (new Elysia() as unknown as Routes);
}
