CREATE TABLE `spent_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spent_tickets_expiry` ON `spent_tickets` (`expires_at`);