-- A transcript's lines cost less D1 (bench:storage): `segments` is keyed by (record_id, seq) WITHOUT ROWID, so
-- each line is stored once in key order, with no rowid and no second index. The line id the API and `dub_lines`
-- use is computed from the key (worker/db/line-id.ts), so what was dubbed is re-keyed to it. drizzle-kit cannot
-- write WITHOUT ROWID: it is added here by hand, and a later rebuild of this table must keep it.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_segments` (
	`record_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`id` integer GENERATED ALWAYS AS (record_id * 1048576 + seq) VIRTUAL NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`text` text NOT NULL,
	`translations` text DEFAULT '' NOT NULL,
	`speaker` text DEFAULT '' NOT NULL,
	`pitch_hz` integer,
	PRIMARY KEY(`record_id`, `seq`),
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_segments`("record_id", "seq", "start_ms", "end_ms", "text", "translations", "speaker", "pitch_hz") SELECT "record_id", "seq", "start_ms", "end_ms", "text", "translations", "speaker", "pitch_hz" FROM `segments`;--> statement-breakpoint
-- Data (hand-written, here because it needs the old ids): what was dubbed moves to its line's new id; rows
-- whose line is gone could never match a line again and are dropped.
CREATE TABLE `__new_dub_lines` (
	`segment_id` integer PRIMARY KEY NOT NULL,
	`record_id` integer NOT NULL,
	`text` text NOT NULL,
	`voice` text NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`fit` text NOT NULL,
	`tempo_permille` integer NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_dub_lines`("segment_id", "record_id", "text", "voice", "start_ms", "end_ms", "fit", "tempo_permille") SELECT s."record_id" * 1048576 + s."seq", d."record_id", d."text", d."voice", d."start_ms", d."end_ms", d."fit", d."tempo_permille" FROM `dub_lines` d JOIN `segments` s ON s."id" = d."segment_id";--> statement-breakpoint
DROP TABLE `dub_lines`;--> statement-breakpoint
ALTER TABLE `__new_dub_lines` RENAME TO `dub_lines`;--> statement-breakpoint
CREATE INDEX `dub_lines_record` ON `dub_lines` (`record_id`);--> statement-breakpoint
-- End of the hand-written block.
DROP TABLE `segments`;--> statement-breakpoint
ALTER TABLE `__new_segments` RENAME TO `segments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;
