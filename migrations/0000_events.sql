CREATE TABLE `events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`team_id` text,
	`stream` text NOT NULL,
	`version` integer NOT NULL,
	`type` text NOT NULL,
	`actor_id` text,
	`payload` text NOT NULL,
	`mutation_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_id_unique` ON `events` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `events_stream_version` ON `events` (`stream`,`version`);--> statement-breakpoint
CREATE INDEX `events_team_seq` ON `events` (`team_id`,`seq`);--> statement-breakpoint
CREATE INDEX `events_type` ON `events` (`type`);--> statement-breakpoint
CREATE TABLE `mutation_results` (
	`actor_key` text NOT NULL,
	`mutation_id` text NOT NULL,
	`request_hash` text NOT NULL,
	`result` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`actor_key`, `mutation_id`)
);
