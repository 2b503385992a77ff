/**
 * Pushes about a player's own team that no push choice turns off: a new season it is
 * in, its removal by the admin. Queued in the transaction of what caused them, so a refused
 * request tells no one; the outbox worker sends them.
 */
import { type LeagueRef, seasonStartedPush, teamRemovedPush } from '../../domain/announcements';
import type { Database } from '../../platform/db/database';
import { enqueue, subscriptionsOfMembers, subscriptionsOfPlayer } from './outbound-store';

/** Call once the new season's teams are written: every phone of its members. */
export async function queueSeasonStarted(tx: Database, nextLeague: LeagueRef, at: string): Promise<void> {
  const payload = seasonStartedPush(nextLeague);
  const subscriptions = await subscriptionsOfMembers(tx, nextLeague.id);
  if (subscriptions.length > 0) await enqueue(tx, subscriptions.map((subscriptionId) => ({ channel: 'push', subscriptionId, payload })), at);
}

export async function queueRemoval(tx: Database, league: LeagueRef, team: { name: string; playerId: string }, at: string): Promise<void> {
  const payload = teamRemovedPush(league, team.name);
  const subscriptions = await subscriptionsOfPlayer(tx, team.playerId);
  if (subscriptions.length > 0) await enqueue(tx, subscriptions.map((subscriptionId) => ({ channel: 'push', subscriptionId, payload })), at);
}
