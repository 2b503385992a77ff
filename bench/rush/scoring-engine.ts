/**
 * The 05:00 scoring, as the scoring engine does it: yesterday's results of every team posted
 * to the running service (`POST /internal/v1/performances`, at most INGEST_CHUNK a body, one
 * body after another on one kept-alive connection). Each body moves its league's version and
 * marks its standings changed, so the rush meets what a real morning leaves behind.
 */
import http from 'node:http';
import { INGEST_CHUNK } from '../../src/features/scoring/performance-ingest-service';
import type { Service } from './league-home-opening';

/** Views with a spread of points (a few hundred thousand distinct values over the league). */
const viewsOf = (index: number) => 1_000 + ((index * 7_919) % 200_000);

export async function scoreYesterday(service: Service, token: string, date: string, teams: readonly { teamId: string; index: number }[]): Promise<{ rows: number; ms: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  try {
    for (let at = 0; at < teams.length; at += INGEST_CHUNK) {
      const results = teams.slice(at, at + INGEST_CHUNK).map(({ teamId, index }) => ({ teamId, articleViews: [viewsOf(index)], chemistryLevels: [], formationSnapshot: '{}' }));
      const body = JSON.stringify({ date, results });
      let [status, answer, retryAfter] = await post(service, token, agent, body);
      // a day's body is idempotent: a shed one is posted again after the wait, as the engine does
      for (let retry = 0; status === 503 && retryAfter !== undefined && retry < SHED_RETRIES; retry++) {
        await new Promise((resolve) => setTimeout(resolve, retryAfter! * 1_000));
        [status, answer, retryAfter] = await post(service, token, agent, body);
      }
      if (status !== 200) throw new Error(`the scoring engine's post answered ${status}: ${answer}`);
    }
    return { rows: teams.length, ms: performance.now() - started };
  } finally {
    agent.destroy();
  }
}

const SHED_RETRIES = 20;

function post(service: Service, token: string, agent: http.Agent, body: string): Promise<[number, string, number | undefined]> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: service.host,
        port: service.port,
        path: '/internal/v1/performances',
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.once('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve([response.statusCode ?? 0, text, retryAfter === undefined ? undefined : Number(retryAfter)]);
        });
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}
