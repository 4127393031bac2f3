CREATE TABLE `videocall_rings` (
	`id` text PRIMARY KEY NOT NULL,
	`videocall_id` text NOT NULL,
	`meetingroom_id` text NOT NULL,
	`privat_id` text,
	`project_id` text,
	`team_id` text NOT NULL,
	`caller_id` text NOT NULL,
	`callee_id` text NOT NULL,
	`notification_type` text NOT NULL,
	`state` text NOT NULL,
	`created_at` text NOT NULL,
	`ended_at` text
);
--> statement-breakpoint
CREATE INDEX `videocall_rings_call` ON `videocall_rings` (`videocall_id`,`state`);--> statement-breakpoint
CREATE INDEX `videocall_rings_callee` ON `videocall_rings` (`callee_id`,`state`);