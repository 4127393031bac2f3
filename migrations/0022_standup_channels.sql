CREATE TABLE `standup_channels` (
	`project_id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`enabled` integer NOT NULL,
	`time` text NOT NULL,
	`time_zone` text NOT NULL,
	`weekdays` text NOT NULL,
	`language` text NOT NULL,
	`set_by` text NOT NULL,
	`set_at` text NOT NULL,
	`last_date` text,
	`last_until` text,
	`last_message_id` text
);
