/**
 * A loopback GitHub that files issues: `POST /repos/{owner}/{repo}/issues` with a bearer
 * token and a User-Agent (GitHub refuses requests without one). Numbers increment per fake.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fieldsOf, rewindable } from './rewind';

export interface RecordedIssueRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: { title?: unknown; body?: unknown; labels?: unknown; [key: string]: unknown };
}

export interface FakeIssueTracker {
  url: string;
  owner: string;
  repo: string;
  token: string;
  requests: RecordedIssueRequest[];
  /** every create answers this status (401, 403, 422, 500...) until set back to null */
  failWith: number | null;
  /** the next issue number handed out */
  nextNumber: number;
  /** back to a fresh fake: no requests, no failure, numbers from 128 again */
  reset(): void;
  close(): Promise<void>;
}

const FIRST_NUMBER = 128;

export async function startFakeIssueTracker(): Promise<FakeIssueTracker> {
  const owner = 'fantasy-org';
  const repo = 'fantasy-reports';
  const fake: Omit<FakeIssueTracker, 'url' | 'close'> = {
    owner,
    repo,
    token: 'ghp_fake_token_for_tests',
    requests: [],
    failWith: null,
    nextNumber: FIRST_NUMBER,
    reset() {
      fake.requests.length = 0;
      fake.failWith = null;
      fake.nextNumber = FIRST_NUMBER;
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      let body: RecordedIssueRequest['body'] = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return send(400, { message: 'Problems parsing JSON' });
      }
      fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (!req.headers['user-agent']) {
        return send(403, { message: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header' });
      }
      if (req.headers.authorization !== `Bearer ${fake.token}`) return send(401, { message: 'Bad credentials' });
      if (req.method !== 'POST' || path !== `/repos/${owner}/${repo}/issues`) return send(404, { message: 'Not Found' });
      if (fake.failWith !== null) return send(fake.failWith, { message: 'scripted failure' });
      if (typeof body.title !== 'string' || body.title === '') return send(422, { message: 'Validation Failed' });
      const number = fake.nextNumber++;
      send(201, {
        id: 2_412_345_000 + number,
        number,
        html_url: `https://github.com/${owner}/${repo}/issues/${number}`,
        state: 'open',
        title: body.title,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return rewindable(
    Object.assign(fake, {
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    }),
    fieldsOf(fake, ['requests', 'failWith', 'nextNumber', 'token']),
  );
}
