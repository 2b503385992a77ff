import { sqliteTable, text, real, integer, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import { players } from './players';

/** Written once per edition. */
export const languageScales = sqliteTable('language_scales', {
  domain: text('domain').primaryKey(),
  scale: real('scale').notNull(),
  measuredAt: text('measured_at').notNull(),
  qualifyingRanks: integer('qualifying_ranks').notNull(),
  sampleSize: integer('sample_size').notNull(),
  referenceDomain: text('reference_domain').notNull().default('en'),
});

export const leagues = sqliteTable(
  'leagues',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    languageScale: real('language_scale').notNull(),
    icon: text('icon').notNull(),
    durationDays: integer('duration_days').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    invitePolicy: text('invite_policy', { enum: ['members', 'admin'] }).notNull(),
    /** never serialised */
    invitationCode: text('invitation_code').unique(),
    adminId: text('admin_id')
      .notNull()
      .references(() => players.id),
    closedAt: text('closed_at'),
    createdAt: text('created_at').notNull(),
    /** answers are cached by it */
    version: integer('version').notNull().default(0),
    /** points or the set of teams changed since `team_standings` ranks were last written */
    ranksStale: integer('ranks_stale', { mode: 'boolean' }).notNull().default(true),
    /** teams in the league now (not departed), kept by every join, rejoin and departure */
    teamCount: integer('team_count').notNull().default(0),
    /** fixed for life */
    format: text('format', { enum: ['points', 'head-to-head'] }).notNull().default('points'),
    roundDays: integer('round_days'),
    /** head-to-head only: teams in the playoffs, 0, 2, 4 or 8; the last log2 of them rounds are playoff rounds */
    playoffTeams: integer('playoff_teams').notNull().default(0),
    /** the season this league continues (next season); null for a chain's first */
    previousSeasonId: text('previous_season_id'),
  },
  (t) => [index('leagues_public_idx').on(t.visibility, t.startDate), uniqueIndex('leagues_previous_season_uq').on(t.previousSeasonId)],
);

export const teams = sqliteTable(
  'teams',
  {
    id: text('id').primaryKey(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    name: text('name').notNull(),
    /** unique per league (domain/name-keys) */
    nameKey: text('name_key').notNull(),
    joinedAt: text('joined_at').notNull(),
    /** a rejoin clears it and keeps the row */
    leftAt: text('left_at'),
    /** the admin removed the team: it has left (leftAt) and may not rejoin */
    removedAt: text('removed_at'),
  },
  (t) => [
    uniqueIndex('teams_league_player_uq').on(t.leagueId, t.playerId),
    uniqueIndex('teams_league_name_uq').on(t.leagueId, t.nameKey),
    index('teams_player_idx').on(t.playerId),
  ],
);
