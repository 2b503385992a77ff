import { Elysia } from 'elysia';
import type { AppContext } from '../context';

// Placeholder until this part of the interface is built.
export function internalRoutes(_ctx: AppContext) {
  return new Elysia();
}
