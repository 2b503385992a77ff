ALTER TABLE "team_standings" ADD COLUMN "points_sum" double precision;--> statement-breakpoint
ALTER TABLE "team_standings" ADD COLUMN "points_carried" double precision;--> statement-breakpoint
ALTER TABLE "team_standings" ADD COLUMN "latest_date" text;