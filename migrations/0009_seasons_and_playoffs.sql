ALTER TABLE `leagues` ADD `playoff_teams` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `previous_season_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_previous_season_uq` ON `leagues` (`previous_season_id`);--> statement-breakpoint
ALTER TABLE `teams` ADD `removed_at` text;--> statement-breakpoint
ALTER TABLE `h2h_rounds` ADD `stage` text DEFAULT 'regular' NOT NULL;