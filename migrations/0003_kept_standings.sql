CREATE TABLE `team_standings` (
	`team_id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`cumulative_points` real DEFAULT 0 NOT NULL,
	`previous_points` real DEFAULT 0 NOT NULL,
	`rank` integer,
	`rank_delta` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_standings_rank_idx` ON `team_standings` (`league_id`,`rank`);--> statement-breakpoint
DROP INDEX `ledger_team_idx`;--> statement-breakpoint
CREATE INDEX `ledger_team_amount_idx` ON `ledger_entries` (`team_id`,`amount`);--> statement-breakpoint
ALTER TABLE `leagues` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `ranks_stale` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Totals of the seasons already scored, summed the way the store refreshes them on each write.
INSERT INTO `team_standings` (`team_id`, `league_id`, `cumulative_points`, `previous_points`)
SELECT t.`id`, t.`league_id`,
  (SELECT total(p.`points`) FROM `performances` p WHERE p.`team_id` = t.`id`),
  (SELECT total(p.`points`) FROM `performances` p WHERE p.`team_id` = t.`id`
     AND p.`date` < (SELECT max(q.`date`) FROM `performances` q WHERE q.`team_id` = t.`id`))
FROM `teams` t;
