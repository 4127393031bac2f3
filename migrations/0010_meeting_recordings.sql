CREATE TABLE `videocall_recordings` (
	`id` text PRIMARY KEY NOT NULL,
	`videocall_id` text NOT NULL,
	`meetingroom_id` text NOT NULL,
	`user_id` text NOT NULL,
	`attendee_id` text NOT NULL,
	`transport` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`stopped_at` text,
	`location` text,
	`filename` text,
	`size` integer,
	`duration_ms` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `videocall_recordings_call` ON `videocall_recordings` (`videocall_id`,`stopped_at`);