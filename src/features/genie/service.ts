/** Any trouble with the model puts the genie to sleep (503 GENIE_ASLEEP); the market falls back to plain search. */
import type { Clock } from '../../platform/clock';
import { fail, failRateLimited } from '../../domain/errors';
import { accepted, type Checked } from '../../domain/checked';
import {
  correctTurnReply,
  type ChatMessage,
  parseSeedReply,
  parseTurnReply,
  repeatsHistory,
  RETRY_NOT_JSON,
  RETRY_REPEATED,
  seedMessages,
  turnMessages,
} from '../../domain/genie';
import type { Logger } from '../../platform/log';
import type { Database } from '../../platform/db/database';
import { RATE_LIMITS } from '../../domain/rate-limits';
import { takeRateLimit } from '../../platform/db/rate-limits';
import { type LanguageModelClient, LanguageModelError } from '../../upstream/language-model';
import type { GenieSeedRequest, GenieSeeds, GenieTurnRequest, GenieTurnResponse } from './wire';

export interface GenieServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  languageModel: LanguageModelClient | null;
}

type Reply = { kind: 'text'; text: string } | { kind: 'truncated'; text: string };

export class GenieService {
  constructor(private readonly deps: GenieServiceDeps) {}

  /** The body's refusal waits until the quota is charged, so broken bodies run out like any other. */
  async seed(playerId: string, body: Checked<GenieSeedRequest>): Promise<GenieSeeds> {
    const model = await this.admit(playerId);
    const { query } = accepted(body);
    const reply = await this.ask(model, seedMessages(query), 'seed');
    // A cut-off reply is still read if an object survived in it; seeds are never retried.
    const seeds = parseSeedReply(reply.text, query);
    if (!seeds) {
      this.deps.log.warn('genie asleep: model reply holds no JSON object', { call: 'seed' });
      fail('GENIE_ASLEEP', 'seed reply holds no JSON object');
    }
    return seeds;
  }

  async turn(playerId: string, body: Checked<GenieTurnRequest>): Promise<GenieTurnResponse> {
    const model = await this.admit(playerId);
    const request = accepted(body);
    const messages: ChatMessage[] = turnMessages(request);

    const first = await this.ask(model, messages, 'turn');
    const firstParsed = first.kind === 'text' ? parseTurnReply(first.text) : null;
    if (firstParsed && !repeatsHistory(firstParsed.question, request.history)) {
      return correctTurnReply(firstParsed, request);
    }

    // One corrective retry: the bad reply goes back as the assistant's turn, then the fix.
    const retry = await this.ask(
      model,
      [
        ...messages,
        { role: 'assistant', content: first.text },
        { role: 'user', content: firstParsed ? RETRY_REPEATED : RETRY_NOT_JSON },
      ],
      'turn-retry',
    );
    const retryParsed = retry.kind === 'text' ? parseTurnReply(retry.text) : null;
    const chosen: GenieTurnResponse | null = retryParsed ?? firstParsed;
    if (!chosen) {
      this.deps.log.warn('genie asleep: model reply unparseable after one retry', { call: 'turn' });
      fail('GENIE_ASLEEP', 'unparseable after one retry');
    }
    // Out of retries: a repeat ends the loop rather than have the player answer the same thing twice.
    return correctTurnReply(chosen, request, repeatsHistory(chosen.question, request.history));
  }

  /** No binding → asleep, before any quota is spent. */
  private async admit(playerId: string): Promise<LanguageModelClient> {
    const model = this.deps.languageModel;
    if (!model) fail('GENIE_ASLEEP', 'no language model configured');
    const quota = await takeRateLimit(this.deps.db, RATE_LIMITS.genie, playerId, this.deps.clock.now().getTime());
    if (!quota.allowed) failRateLimited('GENIE_RATE_LIMITED', quota.retryAfterMs);
    return model;
  }

  private async ask(model: LanguageModelClient, messages: ChatMessage[], call: string): Promise<Reply> {
    try {
      return { kind: 'text', text: await model.complete(messages) };
    } catch (error) {
      if (error instanceof LanguageModelError && error.kind === 'truncated') return { kind: 'truncated', text: error.partial };
      // Only the kind and status: the error never carries the prompt, the key or the URL path.
      this.deps.log.warn('genie asleep: language model call failed', {
        call,
        ...(error instanceof LanguageModelError ? { reason: error.message, status: error.status } : { reason: 'unexpected error' }),
      });
      fail('GENIE_ASLEEP', 'language model call failed');
    }
  }
}

