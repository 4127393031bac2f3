CREATE TABLE `notification_digests` (
	`user_id` text PRIMARY KEY NOT NULL,
	`last_sent_at` text NOT NULL,
	`last_seq` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text NOT NULL,
	`type` text NOT NULL,
	`description` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`marked` integer DEFAULT false NOT NULL,
	`author_id` text,
	`project_id` text,
	`task_id` text,
	`meetingroom_id` text,
	`file_id` text,
	`doc_id` text,
	`event_id` text,
	`message_id` text,
	`privat_id` text,
	`created_at` text NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notifications_user_seq` ON `notifications` (`user_id`,`team_id`,`seq`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read`,`seq`);--> statement-breakpoint
CREATE TABLE `team_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text,
	`active` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_settings_team_name` ON `team_settings` (`team_id`,`name`);--> statement-breakpoint
INSERT INTO `notifications` (`id`, `user_id`, `team_id`, `type`, `description`, `author_id`, `project_id`, `task_id`, `meetingroom_id`, `message_id`, `privat_id`, `created_at`, `seq`)
SELECT json_extract(`payload`, '$.notificationId'), json_extract(`payload`, '$.userId'), json_extract(`payload`, '$.teamId'),
  json_extract(`payload`, '$.type'), json_extract(`payload`, '$.description'), json_extract(`payload`, '$.authorId'),
  json_extract(`payload`, '$.projectId'), json_extract(`payload`, '$.taskId'), json_extract(`payload`, '$.meetingroomId'),
  json_extract(`payload`, '$.messageId'), json_extract(`payload`, '$.privatId'), `created_at`, `seq`
FROM `events` WHERE `type` = 'notification.created' ORDER BY `seq`;
