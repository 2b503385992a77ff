CREATE TABLE `h2h_pairings` (
	`league_id` text NOT NULL,
	`round` integer NOT NULL,
	`slot` integer NOT NULL,
	`home_team_id` text NOT NULL,
	`away_team_id` text,
	`forfeited_by` text,
	PRIMARY KEY(`league_id`, `round`, `slot`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`home_team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`away_team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `h2h_rounds` (
	`league_id` text NOT NULL,
	`round` integer NOT NULL,
	`fixed_at` text NOT NULL,
	`final_at` text,
	PRIMARY KEY(`league_id`, `round`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `h2h_standings` (
	`team_id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`played` integer DEFAULT 0 NOT NULL,
	`won` integer DEFAULT 0 NOT NULL,
	`drawn` integer DEFAULT 0 NOT NULL,
	`lost` integer DEFAULT 0 NOT NULL,
	`points_for` real DEFAULT 0 NOT NULL,
	`points_against` real DEFAULT 0 NOT NULL,
	`table_points` integer,
	`rank` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `h2h_standings_rank_idx` ON `h2h_standings` (`league_id`,`rank`);--> statement-breakpoint
CREATE TABLE `h2h_team_rounds` (
	`team_id` text NOT NULL,
	`round` integer NOT NULL,
	`league_id` text NOT NULL,
	`points` real NOT NULL,
	`days_scored` integer NOT NULL,
	`result` text,
	`points_against` real,
	PRIMARY KEY(`team_id`, `round`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `h2h_team_rounds_round_idx` ON `h2h_team_rounds` (`league_id`,`round`,`days_scored`);--> statement-breakpoint
CREATE INDEX `h2h_team_rounds_record_idx` ON `h2h_team_rounds` (`league_id`,`team_id`,`result`,`points`,`points_against`);--> statement-breakpoint
CREATE TABLE `league_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`at` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `league_activity_feed_idx` ON `league_activity` (`league_id`,`id`);--> statement-breakpoint
ALTER TABLE `leagues` ADD `format` text DEFAULT 'points' NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `round_days` integer;--> statement-breakpoint
ALTER TABLE `leagues` ADD `table_stale` integer DEFAULT true NOT NULL;