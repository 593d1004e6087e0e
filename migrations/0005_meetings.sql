CREATE TABLE `meetings` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`source_language` text NOT NULL,
	`target_languages` text DEFAULT '[]' NOT NULL,
	`invite_token` text,
	`invite_open` integer DEFAULT false NOT NULL,
	`screen_code` text,
	`started_at` integer,
	`ended_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_invite_token` ON `meetings` (`invite_token`);