ALTER TABLE `team_standings` ADD `points_sum` real;--> statement-breakpoint
ALTER TABLE `team_standings` ADD `points_carried` real;--> statement-breakpoint
ALTER TABLE `team_standings` ADD `latest_date` text;