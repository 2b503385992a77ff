/** Kept in the database so `fantasy status` (a separate process) can report what the server saw. */
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { readSetting, writeSetting } from '../../platform/db/settings';
import { upstreamCalls } from '../../upstream/call-stats';

export const UPSTREAM_NAMES = ['encyclopedia', 'identity-provider', 'issue-tracker', 'language-model'] as const;

export interface UpstreamFailureRecord {
  at: string;
  message: string;
}

const key = (upstream: string) => `upstream.${upstream}.lastFailure`;

export function persistUpstreamFailures(db: Database, clock: Clock): () => void {
  return upstreamCalls.onFailure(({ upstream, message }) => {
    // best effort: a record lost to a busy or full disk must not become an unhandled rejection
    writeSetting(db, key(upstream), JSON.stringify({ at: clock.now().toISOString(), message } satisfies UpstreamFailureRecord)).catch(() => {});
  });
}

export async function lastUpstreamFailure(db: Database, upstream: string): Promise<UpstreamFailureRecord | null> {
  const raw = await readSetting(db, key(upstream));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UpstreamFailureRecord;
  } catch {
    return null;
  }
}
