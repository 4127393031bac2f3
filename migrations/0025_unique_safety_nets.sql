CREATE UNIQUE INDEX `projects_personal_owner` ON `projects` (`team_id`,`owner_id`) WHERE "projects"."is_personal";--> statement-breakpoint
CREATE UNIQUE INDEX `team_invitations_pending_address` ON `team_invitations` (`team_id`,lower(email)) WHERE "team_invitations"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX `tasks_project_number` ON `tasks` (`project_id`,`number`);