/**
 * A loopback OpenAI-compatible chat-completions server for the Article Genie. Replies are
 * scripted per kind of call, told apart by the conversation itself (never by call order):
 * `seed` and `turn` by the system prompt, `retry` when the conversation already carries an
 * assistant turn (the corrective retry of §10.3).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fieldsOf, rewindable } from './rewind';
import { SEED_SYSTEM_PROMPT, TURN_SYSTEM_PROMPT } from '../../src/domain/genie';

export type ModelCall = 'seed' | 'turn' | 'retry';

export interface RecordedModelRequest {
  call: ModelCall | 'unknown';
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    max_tokens?: number;
    temperature?: number;
    stream?: boolean;
    response_format?: unknown;
    [key: string]: unknown;
  };
}

/** One scripted answer. `json` is sent as the assistant content, serialised. */
export type ModelReply =
  | { json: unknown; finishReason?: string; delayMs?: number }
  | { content: string; finishReason?: string; delayMs?: number }
  | { status: number; body?: string; delayMs?: number };

export interface FakeLanguageModel {
  /** the base URL to configure: requests go to `{url}/chat/completions` */
  url: string;
  requests: RecordedModelRequest[];
  /** replies per call kind; a kind with no script answers 500 so a missing script shows */
  script: Partial<Record<ModelCall, ModelReply>>;
  /** when set, requests must carry `Authorization: Bearer <apiKey>` (else 401) */
  apiKey?: string;
  /** answers 400 mentioning response_format to any request that carries it */
  rejectResponseFormat: boolean;
  /** back to a fresh fake (no requests, no scripts, accepting JSON mode) that checks `apiKey` if given */
  reset(apiKey?: string): void;
  close(): Promise<void>;
}

/** How some models wrap JSON despite being told not to. */
export function fenced(value: unknown): string {
  return `Here you go!\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\nHope that helps.`;
}

function classify(body: RecordedModelRequest['body']): ModelCall | 'unknown' {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const system = messages.find((m) => m.role === 'system')?.content;
  if (system === SEED_SYSTEM_PROMPT) return 'seed';
  if (system === TURN_SYSTEM_PROMPT) return messages.some((m) => m.role === 'assistant') ? 'retry' : 'turn';
  return 'unknown';
}

function completion(model: string | undefined, content: string, finishReason: string): string {
  return JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    model: model ?? 'unknown',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  });
}

export async function startFakeLanguageModel(): Promise<FakeLanguageModel> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: Omit<FakeLanguageModel, 'url' | 'close'> = {
    requests: [],
    script: {},
    rejectResponseFormat: false,
    reset(apiKey) {
      fake.requests.length = 0;
      fake.script = {};
      fake.apiKey = apiKey;
      fake.rejectResponseFormat = false;
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const send = (status: number, body: string) => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(body);
        };
        const path = new URL(req.url ?? '/', 'http://fake').pathname;
        if (req.method !== 'POST' || path !== '/chat/completions') {
          return send(404, JSON.stringify({ error: { message: 'not found' } }));
        }
        let body: RecordedModelRequest['body'] = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(400, JSON.stringify({ error: { message: 'invalid JSON body' } }));
        }
        const request: RecordedModelRequest = { call: classify(body), path, headers: req.headers, body };
        fake.requests.push(request);
        if (fake.apiKey !== undefined && req.headers.authorization !== `Bearer ${fake.apiKey}`) {
          return send(401, JSON.stringify({ error: { message: 'invalid api key' } }));
        }
        if (fake.rejectResponseFormat && body.response_format !== undefined) {
          return send(400, JSON.stringify({ error: { message: "Unsupported parameter: 'response_format' is not supported with this model." } }));
        }
        const reply = request.call === 'unknown' ? undefined : fake.script[request.call];
        if (!reply) return send(500, JSON.stringify({ error: { message: `no script for ${request.call}` } }));
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if ('status' in reply) return send(reply.status, reply.body ?? JSON.stringify({ error: { message: 'scripted failure' } }));
        const content = 'json' in reply ? JSON.stringify(reply.json) : reply.content;
        send(200, completion(body.model, content, reply.finishReason ?? 'stop'));
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return rewindable(Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // A delayed reply may still hold its socket; end it so the test does not wait on it.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  }), fieldsOf(fake, ['requests', 'script', 'apiKey', 'rejectResponseFormat']));
}
