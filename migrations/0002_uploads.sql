CREATE TABLE `upload_parts` (
	`upload_row_id` integer NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`upload_row_id`, `part_number`)
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`chunk_size` integer NOT NULL,
	`part_count` integer NOT NULL,
	`object_name` text NOT NULL,
	`upload_id` text NOT NULL,
	`state` text NOT NULL,
	`duration_ms` integer,
	`record_id` integer,
	`created_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_upload_id` ON `uploads` (`upload_id`);--> statement-breakpoint
CREATE INDEX `uploads_user` ON `uploads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_state` ON `uploads` (`state`,`created_at`);