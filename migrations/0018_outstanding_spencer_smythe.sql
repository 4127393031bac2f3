CREATE TABLE `ai_limits` (
	`team_id` text PRIMARY KEY NOT NULL,
	`requests_per_minute` integer NOT NULL,
	`tokens_per_day` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ai_usage` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`started_at` text NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`outcome` text
);
--> statement-breakpoint
CREATE INDEX `ai_usage_team_started` ON `ai_usage` (`team_id`,`started_at`);