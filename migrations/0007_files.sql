CREATE TABLE `file_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`record_by` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_uploads_key_unique` ON `file_uploads` (`key`);--> statement-breakpoint
CREATE INDEX `file_uploads_user` ON `file_uploads` (`user_id`);--> statement-breakpoint
CREATE INDEX `file_uploads_record_by` ON `file_uploads` (`record_by`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`project_id` text,
	`task_id` text,
	`privat_id` text,
	`folder_id` text,
	`name` text NOT NULL,
	`mime_type` text NOT NULL,
	`kind` text NOT NULL,
	`size` integer NOT NULL,
	`location` text NOT NULL,
	`thumbnail` text,
	`preview` text,
	`width` integer,
	`height` integer,
	`duration` real,
	`text` text,
	`shared` integer DEFAULT false NOT NULL,
	`author_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `files_team` ON `files` (`team_id`);--> statement-breakpoint
CREATE INDEX `files_project_created` ON `files` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `files_task` ON `files` (`task_id`);--> statement-breakpoint
CREATE INDEX `files_privat` ON `files` (`privat_id`);--> statement-breakpoint
CREATE INDEX `files_folder` ON `files` (`folder_id`);--> statement-breakpoint
CREATE TABLE `folders` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`project_id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`upfolder_id` text,
	`author_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `folders_project_type_upfolder` ON `folders` (`project_id`,`type`,`upfolder_id`);--> statement-breakpoint
CREATE INDEX `folders_upfolder` ON `folders` (`upfolder_id`);