CREATE TABLE `ai_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ai_conversations_owner` ON `ai_conversations` (`user_id`,`team_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `ai_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`type` text NOT NULL,
	`body` text NOT NULL,
	`state` text NOT NULL,
	`error` text,
	`error_code` text,
	`persona` text,
	`tone` text,
	`mode` text NOT NULL,
	`citations` text DEFAULT '[]' NOT NULL,
	`prompt_tokens` integer,
	`completion_tokens` integer,
	`seq` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ai_messages_conversation` ON `ai_messages` (`conversation_id`,`seq`);--> statement-breakpoint
CREATE INDEX `ai_messages_state` ON `ai_messages` (`state`);