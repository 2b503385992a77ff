import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players';

/** SQLite's REAL is an 8-byte float, so double precision. */
export const languageScales = pgTable('language_scales', {
  domain: text('domain').primaryKey(),
  scale: doublePrecision('scale').notNull(),
  measuredAt: text('measured_at').notNull(),
  qualifyingRanks: integer('qualifying_ranks').notNull(),
  sampleSize: integer('sample_size').notNull(),
  referenceDomain: text('reference_domain').notNull().default('en'),
});

export const leagues = pgTable(
  'leagues',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    languageScale: doublePrecision('language_scale').notNull(),
    icon: text('icon').notNull(),
    durationDays: integer('duration_days').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    invitePolicy: text('invite_policy', { enum: ['members', 'admin'] }).notNull(),
    invitationCode: text('invitation_code').unique(),
    adminId: text('admin_id')
      .notNull()
      .references(() => players.id),
    closedAt: text('closed_at'),
    createdAt: text('created_at').notNull(),
    version: integer('version').notNull().default(0),
    ranksStale: boolean('ranks_stale').notNull().default(true),
    /** teams in the league now (not departed), kept by every join, rejoin and departure: a league read counts nothing */
    teamCount: integer('team_count').notNull().default(0),
    format: text('format', { enum: ['points', 'head-to-head'] }).notNull().default('points'),
    roundDays: integer('round_days'),
    playoffTeams: integer('playoff_teams').notNull().default(0),
    previousSeasonId: text('previous_season_id'),
  },
  (t) => [index('leagues_public_idx').on(t.visibility, t.startDate), uniqueIndex('leagues_previous_season_uq').on(t.previousSeasonId)],
);

export const teams = pgTable(
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
    nameKey: text('name_key').notNull(),
    joinedAt: text('joined_at').notNull(),
    leftAt: text('left_at'),
    removedAt: text('removed_at'),
  },
  (t) => [
    uniqueIndex('teams_league_player_uq').on(t.leagueId, t.playerId),
    uniqueIndex('teams_league_name_uq').on(t.leagueId, t.nameKey),
    index('teams_player_idx').on(t.playerId),
  ],
);
