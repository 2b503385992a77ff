CREATE TABLE `password_credentials` (
	`player_id` text PRIMARY KEY NOT NULL,
	`record` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`username` text NOT NULL,
	`username_key` text NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`picture` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_subject_unique` ON `players` (`subject`);--> statement-breakpoint
CREATE UNIQUE INDEX `players_username_unique` ON `players` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `players_username_key_unique` ON `players` (`username_key`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `language_scales` (
	`domain` text PRIMARY KEY NOT NULL,
	`scale` real NOT NULL,
	`measured_at` text NOT NULL,
	`qualifying_ranks` integer NOT NULL,
	`sample_size` integer NOT NULL,
	`reference_domain` text DEFAULT 'en' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`domain` text NOT NULL,
	`language_scale` real NOT NULL,
	`icon` text NOT NULL,
	`duration_days` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`visibility` text NOT NULL,
	`invite_policy` text NOT NULL,
	`invitation_code` text,
	`admin_id` text NOT NULL,
	`closed_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_invitation_code_unique` ON `leagues` (`invitation_code`);--> statement-breakpoint
CREATE INDEX `leagues_public_idx` ON `leagues` (`visibility`,`start_date`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`player_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`joined_at` text NOT NULL,
	`left_at` text,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_league_player_uq` ON `teams` (`league_id`,`player_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `teams_league_name_uq` ON `teams` (`league_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `teams_player_idx` ON `teams` (`player_id`);--> statement-breakpoint
CREATE TABLE `contracts` (
	`id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`team_id` text NOT NULL,
	`article_id` text NOT NULL,
	`domain` text NOT NULL,
	`held_since` text NOT NULL,
	`purchase_date` text NOT NULL,
	`expire_date` text NOT NULL,
	`purchase_price` integer NOT NULL,
	`renewal_count` integer DEFAULT 0 NOT NULL,
	`renewal_elected` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'live' NOT NULL,
	`sale_payout` integer,
	`closed_on` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contracts_live_article_uq` ON `contracts` (`league_id`,`article_id`) WHERE status = 'live';--> statement-breakpoint
CREATE INDEX `contracts_team_idx` ON `contracts` (`team_id`,`status`);--> statement-breakpoint
CREATE INDEX `contracts_expiry_idx` ON `contracts` (`status`,`expire_date`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` text NOT NULL,
	`contract_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ledger_team_idx` ON `ledger_entries` (`team_id`);--> statement-breakpoint
CREATE TABLE `lineup_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` text NOT NULL,
	`schema` text NOT NULL,
	`positions` text NOT NULL,
	`saved_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lineup_versions_team_idx` ON `lineup_versions` (`team_id`,`saved_at`);--> statement-breakpoint
CREATE TABLE `performances` (
	`team_id` text NOT NULL,
	`date` text NOT NULL,
	`points` real NOT NULL,
	`formation_snapshot` text NOT NULL,
	`article_views` text DEFAULT '[]' NOT NULL,
	`chemistry_levels` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`team_id`, `date`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `performances_date_idx` ON `performances` (`date`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`league_id` text NOT NULL,
	`team_id` text NOT NULL,
	`contract_id` text NOT NULL,
	`message` text NOT NULL,
	`date` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_player_idx` ON `notifications` (`player_id`,`date`,`created_at`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`subject` text NOT NULL,
	`at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_idx` ON `rate_limit_hits` (`bucket`,`subject`,`at_ms`);--> statement-breakpoint
CREATE TABLE `upstream_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`fetched_at` text NOT NULL,
	`expires_at` text
);
--> statement-breakpoint
CREATE INDEX `upstream_cache_expiry_idx` ON `upstream_cache` (`expires_at`);--> statement-breakpoint
CREATE TABLE `view_series` (
	`domain` text NOT NULL,
	`article_id` text NOT NULL,
	`snapshot_date` text NOT NULL,
	`series` text NOT NULL,
	`fetched_at` text NOT NULL,
	PRIMARY KEY(`domain`, `article_id`, `snapshot_date`)
);
