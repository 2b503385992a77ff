import type { Config } from '../platform/config';
import { createEncyclopediaClient, type EncyclopediaClient } from './encyclopedia';
import { createIdentityProviderClient, type IdentityProviderClient } from './identity-provider';
import { createIssueTrackerClient, type IssueTrackerClient } from './issue-tracker';
import { createLanguageModelClient, type LanguageModelClient } from './language-model';

/** Tests swap in clients pointed at loopback fakes. */
export interface Upstreams {
  encyclopedia: EncyclopediaClient;
  identityProvider: IdentityProviderClient;
  /** null when the deployment has no tracker configured (reports answer 502) */
  issueTracker: IssueTrackerClient | null;
  /** null when no model is configured: the genie sleeps and the session says so */
  languageModel: LanguageModelClient | null;
}

export function createUpstreams(config: Config): Upstreams {
  return {
    encyclopedia: createEncyclopediaClient(config),
    identityProvider: createIdentityProviderClient(config),
    issueTracker: createIssueTrackerClient(config),
    languageModel: createLanguageModelClient(config),
  };
}
