CREATE TABLE `billing_credits` (
	`team_id` text NOT NULL,
	`currency` text NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`team_id`, `currency`)
);
--> statement-breakpoint
CREATE TABLE `billing_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`number` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`state` text NOT NULL,
	`ticket` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_invoices_team` ON `billing_invoices` (`team_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `billing_subscriptions` (
	`team_id` text PRIMARY KEY NOT NULL,
	`plan` text NOT NULL,
	`state` text NOT NULL,
	`period` text NOT NULL,
	`currency` text NOT NULL,
	`seats` integer NOT NULL,
	`period_start` text,
	`current_period_end` text,
	`paid_amount` integer DEFAULT 0 NOT NULL,
	`trial_end` text,
	`trial_used` integer DEFAULT false NOT NULL,
	`lifetimes` integer DEFAULT 0 NOT NULL,
	`source` text NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promotion_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`amount` integer,
	`currency` text,
	`plan` text,
	`days` integer,
	`expires_at` text,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promotion_grants` (
	`user_id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`granted_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promotion_redemptions` (
	`code` text NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer,
	`currency` text,
	`plan` text,
	`redeemed_at` text NOT NULL,
	PRIMARY KEY(`code`, `team_id`)
);
--> statement-breakpoint
CREATE INDEX `promotion_redemptions_team` ON `promotion_redemptions` (`team_id`);--> statement-breakpoint
CREATE TABLE `sales_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text,
	`message` text NOT NULL,
	`name` text,
	`email` text,
	`company` text,
	`seats` integer,
	`created_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `teams` ADD `seats` integer;--> statement-breakpoint
ALTER TABLE `teams` ADD `lifetimes` integer DEFAULT 0 NOT NULL;