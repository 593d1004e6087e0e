CREATE TABLE `dub_iterations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`version` integer NOT NULL,
	`name` text NOT NULL,
	`lines` text NOT NULL,
	`output_key` text,
	`expires_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dub_iterations_version` ON `dub_iterations` (`record_id`,`version`);--> statement-breakpoint
CREATE TABLE `dub_lines` (
	`segment_id` integer PRIMARY KEY NOT NULL,
	`record_id` integer NOT NULL,
	`text` text NOT NULL,
	`voice` text NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`fit` text NOT NULL,
	`tempo_permille` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dub_lines_record` ON `dub_lines` (`record_id`);--> statement-breakpoint
CREATE TABLE `dub_projects` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`form` text NOT NULL,
	`stage` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`voices` text DEFAULT '{}' NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`output_key` text,
	`expires_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `uploads` ADD `kind` text DEFAULT 'transcription' NOT NULL;