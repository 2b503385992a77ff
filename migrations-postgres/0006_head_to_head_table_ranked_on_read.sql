DROP INDEX "h2h_standings_rank_idx";--> statement-breakpoint
CREATE INDEX "h2h_standings_league_idx" ON "h2h_standings" USING btree ("league_id");--> statement-breakpoint
ALTER TABLE "leagues" DROP COLUMN "table_stale";--> statement-breakpoint
ALTER TABLE "h2h_standings" DROP COLUMN "table_points";--> statement-breakpoint
ALTER TABLE "h2h_standings" DROP COLUMN "rank";