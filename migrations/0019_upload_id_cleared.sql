-- A record's rows cost less D1 (bench:storage). A submitted upload no longer keeps its multipart upload id (long,
-- and indexed): `upload_id` becomes nullable, submitted rows drop it, and its unique index holds only the uploads
-- that still have one. Nor does it keep the dialog's choices, which its record and job hold. A job stores only the
-- vocabulary lists that hold something.
-- SQLite drops NOT NULL only by rebuilding `uploads`. D1 enforces foreign keys in a migration (`PRAGMA foreign_keys
-- = OFF` has no effect there, see 0013_relations), so dropping the old `uploads` would take the parts of uploads in
-- progress along (ON DELETE CASCADE): `upload_parts` is rebuilt first, referencing the new table, whose rename
-- carries the reference over. `uploads` keeps its AUTOINCREMENT sequence, as 0013 did.
PRAGMA defer_foreign_keys = true;--> statement-breakpoint
CREATE TABLE `__new_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`chunk_size` integer NOT NULL,
	`part_count` integer NOT NULL,
	`object_name` text NOT NULL,
	`upload_id` text,
	`state` text NOT NULL,
	`kind` text DEFAULT 'transcription' NOT NULL,
	`duration_ms` integer,
	`record_id` integer,
	`form` text,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_uploads`("id", "user_id", "name", "size", "chunk_size", "part_count", "object_name", "upload_id", "state", "kind", "duration_ms", "record_id", "form", "created_at", "completed_at")
SELECT "id", "user_id", "name", "size", "chunk_size", "part_count", "object_name", CASE WHEN "state" = 'submitted' THEN NULL ELSE "upload_id" END, "state", "kind", "duration_ms", "record_id",
	CASE WHEN "state" = 'submitted' THEN NULL ELSE "form" END, "created_at", "completed_at" FROM `uploads`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_uploads', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_uploads');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('uploads', '__new_uploads')) WHERE `name` = '__new_uploads';--> statement-breakpoint
CREATE TABLE `__new_upload_parts` (
	`upload_row_id` integer NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`upload_row_id`, `part_number`),
	FOREIGN KEY (`upload_row_id`) REFERENCES `__new_uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_upload_parts`("upload_row_id", "part_number", "etag") SELECT "upload_row_id", "part_number", "etag" FROM `upload_parts`;--> statement-breakpoint
DROP TABLE `upload_parts`;--> statement-breakpoint
DROP TABLE `uploads`;--> statement-breakpoint
ALTER TABLE `__new_uploads` RENAME TO `uploads`;--> statement-breakpoint
ALTER TABLE `__new_upload_parts` RENAME TO `upload_parts`;--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_upload_id` ON `uploads` (`upload_id`) WHERE "uploads"."upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `uploads_user` ON `uploads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_state` ON `uploads` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_record` ON `uploads` (`record_id`);--> statement-breakpoint
-- Data (hand-written): a job's empty vocabulary lists go.
UPDATE `transcription_jobs` SET `vocabulary` = json_remove(`vocabulary`, '$.hotwords') WHERE json_array_length(`vocabulary`, '$.hotwords') = 0;--> statement-breakpoint
UPDATE `transcription_jobs` SET `vocabulary` = json_remove(`vocabulary`, '$.terms') WHERE json_array_length(`vocabulary`, '$.terms') = 0;--> statement-breakpoint
UPDATE `transcription_jobs` SET `vocabulary` = json_remove(`vocabulary`, '$.sensitive') WHERE json_array_length(`vocabulary`, '$.sensitive') = 0;
