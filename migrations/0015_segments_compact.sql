-- A transcript's rows cost less D1: a line without translations stores '' instead of '{}' (worker/db/schema.ts,
-- translationsJson), and a completed upload keeps no rows per part. No table references segments, so its rebuild
-- fires no cascade.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_segments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`text` text NOT NULL,
	`translations` text DEFAULT '' NOT NULL,
	`speaker` text DEFAULT '' NOT NULL,
	`pitch_hz` integer,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_segments`("id", "record_id", "seq", "start_ms", "end_ms", "text", "translations", "speaker", "pitch_hz") SELECT "id", "record_id", "seq", "start_ms", "end_ms", "text", "translations", "speaker", "pitch_hz" FROM `segments`;--> statement-breakpoint
DROP TABLE `segments`;--> statement-breakpoint
ALTER TABLE `__new_segments` RENAME TO `segments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `segments_record_seq` ON `segments` (`record_id`,`seq`);--> statement-breakpoint
-- Data (hand-written): existing rows take the compact forms.
UPDATE `segments` SET `translations` = '' WHERE `translations` = '{}';--> statement-breakpoint
DELETE FROM `upload_parts` WHERE `upload_row_id` IN (SELECT `id` FROM `uploads` WHERE `completed_at` IS NOT NULL);
