CREATE TABLE `project_states` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`team_id` text NOT NULL,
	`value` text NOT NULL,
	`icon` integer NOT NULL,
	`position` real NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `project_states_project_position` ON `project_states` (`project_id`,`position`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`team_id` text NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`is_sprint` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tags_project` ON `tags` (`project_id`);--> statement-breakpoint
CREATE TABLE `task_assignees` (
	`task_id` text NOT NULL,
	`user_id` text NOT NULL,
	`project_id` text NOT NULL,
	PRIMARY KEY(`task_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `task_assignees_project` ON `task_assignees` (`project_id`);--> statement-breakpoint
CREATE INDEX `task_assignees_user` ON `task_assignees` (`user_id`);--> statement-breakpoint
CREATE TABLE `task_boards` (
	`project_id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`prefix` text NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `task_boards_team_prefix` ON `task_boards` (`team_id`,`prefix`);--> statement-breakpoint
CREATE TABLE `task_followers` (
	`task_id` text NOT NULL,
	`user_id` text NOT NULL,
	`project_id` text NOT NULL,
	PRIMARY KEY(`task_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `task_followers_project` ON `task_followers` (`project_id`);--> statement-breakpoint
CREATE INDEX `task_followers_user` ON `task_followers` (`user_id`);--> statement-breakpoint
CREATE TABLE `task_tags` (
	`task_id` text NOT NULL,
	`tag_id` text NOT NULL,
	`project_id` text NOT NULL,
	PRIMARY KEY(`task_id`, `tag_id`)
);
--> statement-breakpoint
CREATE INDEX `task_tags_project` ON `task_tags` (`project_id`);--> statement-breakpoint
CREATE INDEX `task_tags_tag` ON `task_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`project_id` text NOT NULL,
	`state_id` text NOT NULL,
	`number` integer NOT NULL,
	`id_code` text NOT NULL,
	`name` text NOT NULL,
	`letter` text,
	`color` text NOT NULL,
	`description` text,
	`description_text` text,
	`cover` text,
	`priority` integer NOT NULL,
	`deadline` text,
	`length_amount` real,
	`length_unit` text,
	`parent_task_id` text,
	`sprint_id` text,
	`position_section` real NOT NULL,
	`position_duedate` real NOT NULL,
	`position_asignee` real NOT NULL,
	`author_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tasks_project_position_section` ON `tasks` (`project_id`,`position_section`);--> statement-breakpoint
CREATE INDEX `tasks_state_position_section` ON `tasks` (`state_id`,`position_section`);--> statement-breakpoint
CREATE INDEX `tasks_project_position_duedate` ON `tasks` (`project_id`,`position_duedate`);--> statement-breakpoint
CREATE INDEX `tasks_project_position_asignee` ON `tasks` (`project_id`,`position_asignee`);--> statement-breakpoint
CREATE INDEX `tasks_parent` ON `tasks` (`parent_task_id`);--> statement-breakpoint
CREATE INDEX `tasks_sprint` ON `tasks` (`sprint_id`);