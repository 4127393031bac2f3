ALTER TABLE `files` ADD `story` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `files_project_story_created` ON `files` (`project_id`,`story`,`created_at`);