/**
 * Builders that put rows straight into the store, so a test of one part of the interface
 * does not depend on every other part to reach its starting state.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, utcDay } from '../../src/domain/dates';
import { STARTING_LINEUP } from '../../src/domain/lineup';
import { teamNameKey } from '../../src/domain/name-keys';
import { type Database, writeTransaction } from '../../src/platform/db/database';
import { newId } from '../../src/platform/db/ids';
import { bumpLeagueVersion, markStandingsChanged } from '../../src/features/leagues/league-versions-store';
import { upsertPerformance } from '../../src/features/scoring/store';
import { insertTeamWithLineup, markTeamLeft, type LeagueRow, type TeamRow } from '../../src/features/leagues/store';
import { first, tablesOf } from '../../src/platform/db/dialect';
import type { TestApp, TestPlayer } from './app';

export interface LeagueSpec {
  name?: string;
  domain?: string;
  languageScale?: number;
  icon?: string;
  durationDays?: number;
  visibility?: 'public' | 'private';
  invitePolicy?: 'members' | 'admin';
  invitationCode?: string | null;
  startDate?: string;
  closedAt?: string | null;
  /** the founder's team name */
  teamName?: string;
}

/** A league founded by `admin`, who also gets the first team (with its empty 4-3-3 line-up). */
export async function buildLeague(app: TestApp, admin: TestPlayer, spec: LeagueSpec = {}): Promise<{ league: LeagueRow; team: TeamRow }> {
  const now = app.clock.now();
  const start = spec.startDate ?? now.toISOString();
  const durationDays = spec.durationDays ?? 30;
  const end = new Date(new Date(start).getTime() + durationDays * 86_400_000).toISOString();
  const visibility = spec.visibility ?? 'public';
  const { leagues } = tablesOf(app.ctx.db);
  return writeTransaction(app.ctx.db, async (tx) => {
    const [league] = await tx
      .insert(leagues)
      .values({
        id: newId('lg'),
        name: spec.name ?? 'Test League',
        domain: spec.domain ?? 'en',
        languageScale: spec.languageScale ?? 1,
        icon: spec.icon ?? '🏆',
        durationDays,
        startDate: start,
        endDate: end,
        visibility,
        invitePolicy: spec.invitePolicy ?? 'members',
        invitationCode: spec.invitationCode === undefined ? (visibility === 'private' ? 'ABCDE' : null) : spec.invitationCode,
        adminId: admin.id,
        closedAt: spec.closedAt ?? null,
        createdAt: now.toISOString(),
      })
      .returning();
    const team = await insertTeam(tx, league!.id, admin.id, spec.teamName ?? `${admin.name} FC`, start);
    return { league: league!, team };
  });
}

async function insertTeam(db: Database, leagueId: string, playerId: string, name: string, joinedAt: string): Promise<TeamRow> {
  const team = await insertTeamWithLineup(db, { id: newId('tm'), leagueId, playerId, name, nameKey: teamNameKey(name), joinedAt }, STARTING_LINEUP);
  // what every join does: a new team changes the standings
  await markStandingsChanged(db, leagueId);
  return team;
}

/** `player` joins `league` with a team of that name (no rules checked: that is the builder's point). */
export async function buildTeam(app: TestApp, league: LeagueRow, player: TestPlayer, name = `${player.name} United`): Promise<TeamRow> {
  return writeTransaction(app.ctx.db, (tx) => insertTeam(tx, league.id, player.id, name, app.clock.now().toISOString()));
}

/** `teamId` departs at `at` as a departure records it (no rules checked: no forfeit, no hand-over, no version). */
export async function buildDeparture(app: TestApp, teamId: string, at: string): Promise<void> {
  expect(await markTeamLeft(app.ctx.db, teamId, at), `${teamId} departs`).toBe(true);
}

export interface ContractSpec {
  articleId: string;
  price?: number;
  /** defaults to today */
  purchaseDate?: string;
  termDays?: number;
  status?: 'live' | 'sold' | 'settled';
  renewalCount?: number;
  renewalElected?: boolean;
}

/** A contract with its purchase already debited from the team's ledger. */
export async function buildContract(app: TestApp, team: TeamRow, spec: ContractSpec) {
  const { contracts, leagues, ledgerEntries } = tablesOf(app.ctx.db);
  const league = (await first(app.ctx.db.select().from(leagues).where(eq(leagues.id, team.leagueId))))!;
  const purchaseDate = spec.purchaseDate ?? utcDay(app.clock.now());
  const price = spec.price ?? 0;
  return writeTransaction(app.ctx.db, async (tx) => {
    const [contract] = await tx
      .insert(contracts)
      .values({
        id: newId('ct'),
        leagueId: team.leagueId,
        teamId: team.id,
        articleId: spec.articleId,
        domain: league.domain,
        heldSince: purchaseDate,
        purchaseDate,
        expireDate: addDays(purchaseDate, spec.termDays ?? 7),
        purchasePrice: price,
        renewalCount: spec.renewalCount ?? 0,
        renewalElected: spec.renewalElected ?? false,
        status: spec.status ?? 'live',
        createdAt: app.clock.now().toISOString(),
      })
      .returning();
    await tx.insert(ledgerEntries).values({ teamId: team.id, contractId: contract!.id, kind: 'purchase', amount: -price, createdAt: app.clock.now().toISOString() });
    await bumpLeagueVersion(tx, team.leagueId);
    return contract!;
  });
}

/** A scored day of a team, written as the ingest writes it (the kept standings follow). */
export async function buildPerformance(app: TestApp, team: Pick<TeamRow, 'id' | 'leagueId'>, date: string, points: number): Promise<void> {
  await writeTransaction(app.ctx.db, async (tx) => {
    await upsertPerformance(tx, { teamId: team.id, date, points, formationSnapshot: '{}', articleViews: [], chemistryLevels: [] }, app.clock.now().toISOString());
    await markStandingsChanged(tx, team.leagueId);
  });
}
