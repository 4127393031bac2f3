CREATE TABLE `calendar_account_secrets` (
	`account_id` text PRIMARY KEY NOT NULL,
	`cipher_text` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `calendar_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`picture` text,
	`feature` text NOT NULL,
	`type` text NOT NULL,
	`active` integer NOT NULL,
	`server_url` text NOT NULL,
	`username` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`last_synced_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `calendar_accounts_user` ON `calendar_accounts` (`user_id`,`team_id`);--> statement-breakpoint
CREATE TABLE `calendar_event_exceptions` (
	`event_id` text NOT NULL,
	`occurrence_start` text NOT NULL,
	`cancelled` integer NOT NULL,
	`title` text,
	`description` text,
	`start_at` text,
	`end_at` text,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`event_id`, `occurrence_start`)
);
--> statement-breakpoint
CREATE TABLE `calendar_event_people` (
	`event_id` text NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`name` text,
	`response` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`event_id`, `email`)
);
--> statement-breakpoint
CREATE INDEX `calendar_event_people_user` ON `calendar_event_people` (`user_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `calendar_events` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`author_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`type` text NOT NULL,
	`recurring` text NOT NULL,
	`rrule` text,
	`time_zone` text NOT NULL,
	`all_day` integer NOT NULL,
	`start_at` text NOT NULL,
	`end_at` text NOT NULL,
	`series_end_at` text,
	`location` text,
	`meetingroom_id` text,
	`calendar_id` text,
	`uid` text NOT NULL,
	`sequence` integer NOT NULL,
	`split_from_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `calendar_events_team_start` ON `calendar_events` (`team_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `calendar_events_team_series_end` ON `calendar_events` (`team_id`,`series_end_at`);--> statement-breakpoint
CREATE INDEX `calendar_events_calendar` ON `calendar_events` (`calendar_id`);--> statement-breakpoint
CREATE INDEX `calendar_events_uid` ON `calendar_events` (`uid`);--> statement-breakpoint
CREATE INDEX `calendar_events_meetingroom` ON `calendar_events` (`meetingroom_id`);--> statement-breakpoint
CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_user` ON `calendar_feeds` (`user_id`,`team_id`);--> statement-breakpoint
CREATE TABLE `calendar_remote_objects` (
	`calendar_id` text NOT NULL,
	`href` text NOT NULL,
	`etag` text,
	`uid` text NOT NULL,
	`event_id` text NOT NULL,
	`remote_modified_at` text,
	PRIMARY KEY(`calendar_id`, `href`)
);
--> statement-breakpoint
CREATE INDEX `calendar_remote_objects_event` ON `calendar_remote_objects` (`event_id`);--> statement-breakpoint
CREATE TABLE `calendars` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`provider_calendar_id` text NOT NULL,
	`summary` text NOT NULL,
	`description` text,
	`background_color` text,
	`selected` integer NOT NULL,
	`synced` integer NOT NULL,
	`sync_token` text,
	`ctag` text,
	`last_synced_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendars_account_provider` ON `calendars` (`account_id`,`provider_calendar_id`);