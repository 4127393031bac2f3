CREATE TABLE `chat_read_markers` (
	`user_id` text NOT NULL,
	`conversation` text NOT NULL,
	`seq` integer NOT NULL,
	`read_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `conversation`)
);
--> statement-breakpoint
CREATE INDEX `chat_read_markers_conversation` ON `chat_read_markers` (`conversation`);--> statement-breakpoint
CREATE TABLE `message_reactions` (
	`message_id` text NOT NULL,
	`user_id` text NOT NULL,
	`emoji` text NOT NULL,
	`conversation` text NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`message_id`, `user_id`, `emoji`)
);
--> statement-breakpoint
CREATE INDEX `message_reactions_conversation` ON `message_reactions` (`conversation`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`conversation` text NOT NULL,
	`space_id` text,
	`seq` integer NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`type` text NOT NULL,
	`file_id` text,
	`reply_to_id` text,
	`client_id` text,
	`mentions` text NOT NULL,
	`created_at` text NOT NULL,
	`edited_at` text,
	`deleted_at` text
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_seq` ON `messages` (`conversation`,`seq`);--> statement-breakpoint
CREATE INDEX `messages_space` ON `messages` (`space_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_author_client` ON `messages` (`author_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `privat_members` (
	`privat_id` text NOT NULL,
	`user_id` text NOT NULL,
	`joined_at` text NOT NULL,
	PRIMARY KEY(`privat_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `privat_members_user` ON `privat_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `privats` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`name` text,
	`logo` text,
	`pair_key` text,
	`inactive` integer DEFAULT false NOT NULL,
	`author_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `privats_pair_key_unique` ON `privats` (`pair_key`);--> statement-breakpoint
CREATE INDEX `privats_team` ON `privats` (`team_id`);