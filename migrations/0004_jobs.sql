CREATE TABLE `job_chunks` (
	`record_id` integer NOT NULL,
	`idx` integer NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`result` text,
	PRIMARY KEY(`record_id`, `idx`)
);
--> statement-breakpoint
CREATE TABLE `transcription_jobs` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`stage` text NOT NULL,
	`speaker` integer DEFAULT false NOT NULL,
	`max_speakers` integer,
	`locale` text NOT NULL,
	`chunk_count` integer DEFAULT 0 NOT NULL,
	`vocabulary` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `uploads` ADD `form` text;