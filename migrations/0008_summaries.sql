CREATE TABLE `summaries` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`error_reason` text,
	`summary` text,
	`lines_hash` text,
	`generated_at` integer,
	`updated_at` integer NOT NULL
);
