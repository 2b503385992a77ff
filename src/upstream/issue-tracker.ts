/** Authenticated with a repository-scoped token (external-apis.md's self-hosting recommendation). */
import { z } from 'zod';
import type { Config } from '../platform/config';
import { HttpClient, parseJson, UpstreamError } from './http-client';

export interface NewIssue {
  title: string;
  body: string;
  labels: string[];
}

export interface CreatedIssue {
  number: number;
  htmlUrl: string;
}

export interface IssueTrackerClient {
  /** Throws IssueTrackerError on any failure (network, timeout, any answer but 201, wrong shape). */
  createIssue(input: NewIssue): Promise<CreatedIssue>;
}

export class IssueTrackerError extends Error {
  constructor(
    readonly kind: 'network' | 'timeout' | 'status' | 'invalid',
    readonly status?: number,
  ) {
    super(`issue tracker ${kind}${status ? ` ${status}` : ''}`);
    this.name = 'IssueTrackerError';
  }
}

const ISSUE_TRACKER_USER_AGENT = 'ArticleFantasyLeague/1.0 (problem reports)';
const DEFAULT_TIMEOUT_MS = 10_000;

const createdAnswer = z.object({
  number: z.number().int().positive(),
  html_url: z.string().url(),
});

export function createIssueTrackerClient(config: Config, options: { timeoutMs?: number } = {}): IssueTrackerClient | null {
  const { apiUrl, repository, token } = config.issueTracker;
  if (!repository || !token) return null;
  const [owner, name] = repository.split('/');
  const url = `${apiUrl.replace(/\/+$/, '')}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/issues`;
  // Not idempotent: a retry after a timeout could file twice, so a failure goes straight back to the player.
  const http = new HttpClient({
    name: 'issue-tracker',
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retries: 0,
    baseDelayMs: 0,
    maxDelayMs: 0,
  });

  return {
    async createIssue(input) {
      let response;
      try {
        response = await http.send({
          method: 'POST',
          url,
          headers: {
            Accept: 'application/vnd.github+json',
            'X-GitHub-Api-Version': '2022-11-28',
            'User-Agent': ISSUE_TRACKER_USER_AGENT,
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ title: input.title, body: input.body, labels: input.labels }),
        });
      } catch (error) {
        if (error instanceof UpstreamError) {
          throw new IssueTrackerError(error.kind === 'timeout' ? 'timeout' : error.kind === 'status' ? 'status' : 'network', error.status);
        }
        throw new IssueTrackerError('network');
      }
      if (response.status !== 201) throw new IssueTrackerError('status', response.status);
      try {
        const answer = createdAnswer.parse(parseJson('issue-tracker', response.text));
        return { number: answer.number, htmlUrl: answer.html_url };
      } catch {
        throw new IssueTrackerError('invalid', response.status);
      }
    },
  };
}
