/**
 * A loopback chat service receiving league webhooks the way Discord, Slack and a plain JSON
 * receiver do: each hook path accepts a POST of `application/json` and checks the body's
 * shape for its kind (`/discord/...` wants `{content}` of at most 2,000 characters, `/slack/...`
 * wants `{text}`, `/json/...` an event object with `event`, `league` and `text`), answering 400
 * to anything else, as the real ones refuse a malformed message.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fieldsOf, rewindable } from './rewind';

export interface ChatMessage {
  kind: 'discord' | 'slack' | 'json';
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** what a chat would show: the content, the text, or the event's text */
  shown: string;
}

export type ChatMode = 'ok' | 'fail500' | 'hang' | 'redirect';

export interface FakeChatServer {
  url: string;
  /** messages accepted (2xx), in order */
  messages: ChatMessage[];
  /** every attempt, accepted or not */
  attempts: number;
  /** how the next requests are answered */
  mode: ChatMode;
  /** a hook URL of this fake for `kind` */
  hook(kind: ChatMessage['kind'], secret?: string): string;
  close(): Promise<void>;
}

function shapeOk(kind: ChatMessage['kind'], body: any): string | null {
  if (typeof body !== 'object' || body === null) return null;
  if (kind === 'discord') return typeof body.content === 'string' && body.content.length > 0 && body.content.length <= 2000 ? body.content : null;
  if (kind === 'slack') return typeof body.text === 'string' && body.text.length > 0 ? body.text : null;
  return typeof body.event === 'string' && typeof body.text === 'string' && typeof body.league?.name === 'string' ? body.text : null;
}

export async function startFakeChatServer(): Promise<FakeChatServer> {
  const hanging = new Set<http.ServerResponse>();
  const fake = { messages: [] as ChatMessage[], attempts: 0, mode: 'ok' as ChatMode };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      fake.attempts++;
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'fail500') return void res.writeHead(500).end('oops');
      if (fake.mode === 'redirect') return void res.writeHead(301, { location: 'http://127.0.0.1:9/elsewhere' }).end();
      const kind = req.url?.split('/')[1] as ChatMessage['kind'];
      if (req.method !== 'POST' || !['discord', 'slack', 'json'].includes(kind)) return void res.writeHead(404).end();
      if (!String(req.headers['content-type']).startsWith('application/json')) return void res.writeHead(415).end();
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return void res.writeHead(400).end('not JSON');
      }
      const shown = shapeOk(kind, body);
      if (shown === null) return void res.writeHead(400).end('bad shape');
      fake.messages.push({ kind, path: req.url!, headers: req.headers, body, shown });
      res.writeHead(kind === 'discord' ? 204 : 200).end(kind === 'slack' ? 'ok' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fields = fieldsOf(fake, ['messages', 'attempts', 'mode']);
  return rewindable(Object.assign(fake, {
    url,
    hook: (kind: ChatMessage['kind'], secret = 'T0ps3cret-token') => `${url}/${kind}/hooks/${secret}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }), {
    checkpoint: fields.checkpoint,
    rewind() {
      fields.rewind();
      // a request a row left hanging is not the next row's
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
  });
}
