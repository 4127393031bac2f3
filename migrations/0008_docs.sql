CREATE TABLE `doc_snapshots` (
	`doc_id` text PRIMARY KEY NOT NULL,
	`data` blob NOT NULL,
	`through_id` integer NOT NULL,
	`saved_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `doc_texts` (
	`doc_id` text PRIMARY KEY NOT NULL,
	`plain_text` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `doc_updates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`doc_id` text NOT NULL,
	`data` blob NOT NULL,
	`user_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `doc_updates_doc` ON `doc_updates` (`doc_id`,`id`);--> statement-breakpoint
CREATE TABLE `docs` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`project_id` text NOT NULL,
	`folder_id` text,
	`title` text NOT NULL,
	`emoji` text,
	`cover` text,
	`description` text,
	`shared` integer DEFAULT false NOT NULL,
	`share_token` text,
	`author_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `docs_project_updated` ON `docs` (`project_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `docs_folder` ON `docs` (`folder_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `docs_share_token` ON `docs` (`share_token`);