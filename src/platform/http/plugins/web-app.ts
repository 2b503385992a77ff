/** Before any guard runs. */
import { Elysia } from 'elysia';
import { sendRaw } from '../raw-answer';
import { webAppResponder } from '../web-app';
import { pathOf } from './guards';

export function webApp() {
  const respond = webAppResponder();
  return new Elysia({ name: 'web-app' }).onRequest(({ request, set }) => {
    const answer = respond(request, pathOf(request.url));
    // an empty Buffer, not null: a HEAD answer still ends the request here
    if (answer) return sendRaw(set, answer) ?? Buffer.alloc(0);
  });
}
