CREATE TABLE `meeting_guest_credentials` (
	`hash` text PRIMARY KEY NOT NULL,
	`invited_id` text NOT NULL,
	`meetingroom_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `meeting_guests` (
	`id` text PRIMARY KEY NOT NULL,
	`meetingroom_id` text NOT NULL,
	`name` text NOT NULL,
	`state` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `meeting_guests_room` ON `meeting_guests` (`meetingroom_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `meetingrooms` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`project_id` text,
	`name` text NOT NULL,
	`author_id` text NOT NULL,
	`link_secret` text NOT NULL,
	`link_expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `meetingrooms_team` ON `meetingrooms` (`team_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `meetingrooms_project` ON `meetingrooms` (`project_id`);--> statement-breakpoint
CREATE TABLE `videocall_attendees` (
	`id` text PRIMARY KEY NOT NULL,
	`videocall_id` text NOT NULL,
	`user_id` text,
	`invited_id` text,
	`joined_at` text NOT NULL,
	`left_at` text
);
--> statement-breakpoint
CREATE INDEX `videocall_attendees_call` ON `videocall_attendees` (`videocall_id`,`left_at`);--> statement-breakpoint
CREATE INDEX `videocall_attendees_invited` ON `videocall_attendees` (`invited_id`);--> statement-breakpoint
CREATE TABLE `videocalls` (
	`id` text PRIMARY KEY NOT NULL,
	`meetingroom_id` text NOT NULL,
	`team_id` text NOT NULL,
	`project_id` text,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `videocalls_room` ON `videocalls` (`meetingroom_id`,`finished_at`);