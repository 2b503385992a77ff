/** Each `record…` runs inside the transaction of the action it records, after its guarded write; events never carry credits. */
import { fail } from '../../domain/errors';
import { termDaysOf, type Tier, tierForTermDays } from '../../domain/pricing';
import { seasonNumberOf } from '../../domain/season-names';
import { displayTitle } from '../../domain/titles';
import { activityPage, type ActivityKind, recordActivities, recordActivity } from './store';
import type { Database } from '../../platform/db/database';
import { leagueVersion } from '../leagues/league-versions-store';
import { ACTIVITY_DEFAULT_LIMIT, type ActivityEvent, type ActivityPage, type ActivityQuery } from './wire';
import type { RoundResult } from '../head-to-head/wire';

interface Payload {
  team?: { id: string; name: string };
  article?: { id: string; title: string };
  tier?: Tier;
  round?: RoundResult;
  nextSeason?: { leagueId: string; name: string; season: number };
}

interface TeamNamed {
  id: string;
  name: string;
  leagueId: string;
}

interface ContractTerm {
  leagueId: string;
  articleId: string;
  purchaseDate: string;
  expireDate: string;
}

async function record(tx: Database, leagueId: string, kind: ActivityKind, at: string, payload: Payload): Promise<void> {
  await recordActivity(tx, leagueId, kind, at, payload);
}

function article(articleId: string): Payload['article'] {
  return { id: articleId, title: displayTitle(articleId) };
}

export async function recordJoin(tx: Database, team: TeamNamed, at: string): Promise<void> {
  await record(tx, team.leagueId, 'join', at, { team: { id: team.id, name: team.name } });
}

export async function recordDeparture(tx: Database, team: TeamNamed, at: string): Promise<void> {
  await record(tx, team.leagueId, 'departure', at, { team: { id: team.id, name: team.name } });
}

/** The admin removed the team: it left, but not of its own accord. */
export async function recordRemoval(tx: Database, team: TeamNamed, at: string): Promise<void> {
  await record(tx, team.leagueId, 'removal', at, { team: { id: team.id, name: team.name } });
}

/** In the season that ended, so its members find their way to the new one. */
export async function recordSeasonStarted(tx: Database, leagueId: string, next: { id: string; name: string }, at: string): Promise<void> {
  await record(tx, leagueId, 'season-started', at, { nextSeason: { leagueId: next.id, name: next.name, season: Number(seasonNumberOf(next.name)) } });
}

export async function recordBuy(tx: Database, team: TeamNamed, contract: ContractTerm, at: string): Promise<void> {
  await record(tx, contract.leagueId, 'buy', at, { team: { id: team.id, name: team.name }, article: article(contract.articleId), tier: tierForTermDays(termDaysOf(contract)) });
}

export async function recordEarlySale(tx: Database, team: TeamNamed, contract: ContractTerm, at: string): Promise<void> {
  await record(tx, contract.leagueId, 'early-sale', at, { team: { id: team.id, name: team.name }, article: article(contract.articleId) });
}

/** The sweep's events in its order, in one statement; `contract` is the renewed one for a renewal. */
export async function recordSweepEvents(tx: Database, events: readonly { kind: 'renewal' | 'expiry'; team: TeamNamed; contract: ContractTerm }[], at: string): Promise<void> {
  await recordActivities(
    tx,
    events.map(({ kind, team, contract }) => {
      const payload: Payload = { team: { id: team.id, name: team.name }, article: article(contract.articleId) };
      if (kind === 'renewal') payload.tier = tierForTermDays(termDaysOf(contract));
      return { leagueId: contract.leagueId, kind, payload };
    }),
    at,
  );
}

/** Wrapped so clients do not build their own cursors. */
function cursorOf(id: number): string {
  return Buffer.from(`activity:${id}`).toString('base64url');
}

function idOfCursor(cursor: string): number {
  const match = /^activity:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || cursorOf(Number(match[1])) !== cursor) fail('INVALID_REQUEST', 'unknown activity cursor');
  return Number(match[1]);
}

export interface ActivityServiceDeps {
  db: Database;
}

export class ActivityService {
  constructor(private readonly deps: ActivityServiceDeps) {}

  /** The route admits members only (`member: true`), before the key is asked for. */
  pageKey(leagueId: string, query: ActivityQuery): string {
    return `activity:${leagueId}:${query.limit ?? ACTIVITY_DEFAULT_LIMIT}:${query.before ?? ''}`;
  }

  async versionOf(leagueId: string): Promise<number | undefined> {
    return leagueVersion(this.deps.db, leagueId);
  }

  async page(leagueId: string, query: ActivityQuery): Promise<ActivityPage> {
    const limit = query.limit ?? ACTIVITY_DEFAULT_LIMIT;
    const before = query.before === undefined ? null : idOfCursor(query.before);
    const rows = await activityPage(this.deps.db, leagueId, before, limit + 1);
    const events: ActivityEvent[] = rows.slice(0, limit).map((row) => {
      const payload = JSON.parse(row.payload) as Payload;
      return {
        id: cursorOf(row.id),
        at: row.at,
        kind: row.kind,
        team: payload.team ?? null,
        article: payload.article ?? null,
        tier: payload.tier ?? null,
        round: payload.round ?? null,
        nextSeason: payload.nextSeason ?? null,
      };
    });
    return { events, next: rows.length > limit ? events.at(-1)!.id : null };
  }
}
