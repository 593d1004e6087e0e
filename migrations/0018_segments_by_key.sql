-- A transcript's lines cost less D1 (bench:storage). `segments` is keyed by (record_id, seq) WITHOUT ROWID, so each
-- line is stored once in key order, with no rowid and no second index; the line id the API and `dub_lines` use is
-- computed from the key (worker/db/line-id.ts). A line names its speaker by number: the names, with each speaker's
-- voice pitch, are stored once per record in `line_speakers`. drizzle-kit cannot write WITHOUT ROWID: it is added
-- here by hand, and a later rebuild of these tables must keep it.
CREATE TABLE `line_speakers` (
	`record_id` integer NOT NULL,
	`no` integer NOT NULL,
	`name` text NOT NULL,
	`pitch_hz` integer,
	PRIMARY KEY(`record_id`, `no`),
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_segments` (
	`record_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`id` integer GENERATED ALWAYS AS (record_id * 1048576 + seq) VIRTUAL NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`text` text NOT NULL,
	`translations` text DEFAULT '' NOT NULL,
	`speaker_no` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`record_id`, `seq`),
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- Data (hand-written, here because it reads the old rows before they go):
-- each record's speakers, numbered in order of first appearance, with the middle (upper median) of their lines'
-- pitches, as dubbing read a speaker's register from them;
WITH `ranked` AS (
	SELECT `record_id`, `speaker`, `pitch_hz`, row_number() OVER (PARTITION BY `record_id`, `speaker` ORDER BY `pitch_hz`) AS `rn`,
		count(*) OVER (PARTITION BY `record_id`, `speaker`) AS `n`
	FROM `segments` WHERE `speaker` != '' AND `pitch_hz` > 0
), `named` AS (
	SELECT `record_id`, `speaker`, min(`seq`) AS `first` FROM `segments` WHERE `speaker` != '' GROUP BY `record_id`, `speaker`
)
INSERT INTO `line_speakers`("record_id", "no", "name", "pitch_hz")
SELECT s.`record_id`, row_number() OVER (PARTITION BY s.`record_id` ORDER BY s.`first`), s.`speaker`,
	(SELECT r.`pitch_hz` FROM `ranked` r WHERE r.`record_id` = s.`record_id` AND r.`speaker` = s.`speaker` AND r.`rn` = r.`n` / 2 + 1)
FROM `named` s;--> statement-breakpoint
-- every line, naming its speaker by number;
INSERT INTO `__new_segments`("record_id", "seq", "start_ms", "end_ms", "text", "translations", "speaker_no")
SELECT s.`record_id`, s.`seq`, s.`start_ms`, s.`end_ms`, s.`text`, s.`translations`,
	coalesce((SELECT k.`no` FROM `line_speakers` k WHERE k.`record_id` = s.`record_id` AND k.`name` = s.`speaker`), 0)
FROM `segments` s;--> statement-breakpoint
-- what was dubbed, moved to its line's new id; rows whose line is gone could never match a line again and go.
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
INSERT INTO `__new_dub_lines`("segment_id", "record_id", "text", "voice", "start_ms", "end_ms", "fit", "tempo_permille")
SELECT s."record_id" * 1048576 + s."seq", d."record_id", d."text", d."voice", d."start_ms", d."end_ms", d."fit", d."tempo_permille"
FROM `dub_lines` d JOIN `segments` s ON s."id" = d."segment_id";--> statement-breakpoint
DROP TABLE `dub_lines`;--> statement-breakpoint
ALTER TABLE `__new_dub_lines` RENAME TO `dub_lines`;--> statement-breakpoint
CREATE INDEX `dub_lines_record` ON `dub_lines` (`record_id`);--> statement-breakpoint
-- End of the hand-written block.
DROP TABLE `segments`;--> statement-breakpoint
ALTER TABLE `__new_segments` RENAME TO `segments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;
