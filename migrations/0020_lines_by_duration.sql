-- A transcript's lines cost less D1 (bench:storage): a line stores its duration instead of its end, a smaller
-- number (two bytes for a line under 33 s, where any end past a recording's first 33 s takes three), and `end_ms` is
-- computed from it.
-- drizzle-kit would drop `end_ms` and add `duration_ms` with nothing in it, and cannot write WITHOUT ROWID: the table
-- is rebuilt here by hand, as 0018 built it. No table references `segments`, so dropping the old one cascades nowhere.
CREATE TABLE `__new_segments` (
	`record_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`id` integer GENERATED ALWAYS AS (record_id * 1048576 + seq) VIRTUAL NOT NULL,
	`start_ms` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`end_ms` integer GENERATED ALWAYS AS (start_ms + duration_ms) VIRTUAL NOT NULL,
	`text` text NOT NULL,
	`translations` text DEFAULT '' NOT NULL,
	`speaker_no` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`record_id`, `seq`),
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_segments`("record_id", "seq", "start_ms", "duration_ms", "text", "translations", "speaker_no")
SELECT "record_id", "seq", "start_ms", "end_ms" - "start_ms", "text", "translations", "speaker_no" FROM `segments`;--> statement-breakpoint
DROP TABLE `segments`;--> statement-breakpoint
ALTER TABLE `__new_segments` RENAME TO `segments`;
