ALTER TABLE "leagues" ADD COLUMN "playoff_teams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "previous_season_id" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "removed_at" text;--> statement-breakpoint
ALTER TABLE "h2h_rounds" ADD COLUMN "stage" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_previous_season_uq" ON "leagues" USING btree ("previous_season_id");