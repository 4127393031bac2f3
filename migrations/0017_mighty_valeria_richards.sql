CREATE TABLE `support_feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`author_id` text NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`screenshot` text,
	`page` text,
	`created_at` text NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `support_feedback_seq` ON `support_feedback` (`seq`);--> statement-breakpoint
CREATE TABLE `support_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`person_id` text NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `support_messages_thread_seq` ON `support_messages` (`person_id`,`seq`);--> statement-breakpoint
CREATE TABLE `support_threads` (
	`person_id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`last_message_at` text NOT NULL,
	`last_seq` integer NOT NULL,
	`person_read_seq` integer DEFAULT 0 NOT NULL,
	`support_read_seq` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `support_threads_last_seq` ON `support_threads` (`last_seq`);