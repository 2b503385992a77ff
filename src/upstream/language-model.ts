/** Answers the raw assistant text; reading meaning out of it is the domain's job. */
import { z } from 'zod';
import type { Config } from '../platform/config';
import type { ChatMessage } from '../domain/genie';
import { HttpClient, parseJson, UpstreamError } from './http-client';

export interface LanguageModelClient {
  /** `truncated` (the output cap cut the answer) is treated by callers like an unparseable reply. */
  complete(messages: ChatMessage[]): Promise<string>;
}

export class LanguageModelError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'truncated',
    /** what the model managed to say before the cap; only for `truncated` */
    readonly partial: string = '',
    readonly status?: number,
    detail?: string,
  ) {
    super(`language model ${kind}${status ? ` ${status}` : ''}${detail ? `: ${detail}` : ''}`);
    this.name = 'LanguageModelError';
  }
}

const LANGUAGE_MODEL_DEFAULT_TIMEOUT_MS = 20_000;
const LANGUAGE_MODEL_MAX_TOKENS = 512;

const completionAnswer = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

export function createLanguageModelClient(config: Config, options: { timeoutMs?: number } = {}): LanguageModelClient | null {
  const { baseUrl, model, apiKey } = config.languageModel;
  if (!baseUrl || !model) return null;
  // configuration.md fixes {baseUrl}/chat/completions: the operator's root already carries any /v1.
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  // No retries: a player is waiting, and a refused call will be refused again. Failure means "the genie sleeps".
  const http = new HttpClient({
    name: 'language-model',
    timeoutMs: options.timeoutMs ?? LANGUAGE_MODEL_DEFAULT_TIMEOUT_MS,
    retries: 0,
    baseDelayMs: 0,
    maxDelayMs: 0,
  });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
  // Some servers refuse response_format; once one says so, stop sending it for the life of the process.
  let jsonMode = true;

  const post = (messages: ChatMessage[]) =>
    http.send({
      method: 'POST',
      url,
      headers,
      body: JSON.stringify({
        model,
        messages,
        max_tokens: LANGUAGE_MODEL_MAX_TOKENS,
        temperature: 0.2,
        stream: false,
        ...(jsonMode ? { response_format: { type: 'json_object' } } : {}),
      }),
    });

  return {
    async complete(messages) {
      let response;
      try {
        response = await post(messages);
        if (response.status === 400 && jsonMode && /response_format/i.test(response.text)) {
          jsonMode = false;
          response = await post(messages);
        }
      } catch (error) {
        // UpstreamError messages name only the host; never pass the request (it has the key).
        const kind = error instanceof UpstreamError ? error.kind : 'network';
        throw new LanguageModelError('unavailable', '', error instanceof UpstreamError ? error.status : undefined, kind);
      }
      if (response.status < 200 || response.status >= 300) {
        throw new LanguageModelError('unavailable', '', response.status, 'status');
      }
      let answer;
      try {
        answer = completionAnswer.parse(parseJson('language-model', response.text));
      } catch {
        throw new LanguageModelError('unavailable', '', response.status, 'answer of the wrong shape');
      }
      const choice = answer.choices[0];
      const content = choice.message.content ?? '';
      if (choice.finish_reason === 'length') throw new LanguageModelError('truncated', content);
      return content;
    },
  };
}
