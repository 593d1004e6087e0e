-- What a job's pieces heard moves to R2 (services/transcription/pieces.ts); `job_chunks` keeps only a `done`
-- flag per piece while the job runs. A saved dubbing version's lines become rows of `dub_iteration_lines`.
-- Data carried over: every version's lines; each piece's progress. Finished and failed jobs' pieces are
-- deleted (their lines are in `segments`). A job caught between pieces and assembly cannot keep what its
-- pieces heard, so it ends as failed with a reason and the retry action starts it again; no transcript is lost.
CREATE TABLE `dub_iteration_lines` (
	`iteration_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`text` text NOT NULL,
	`translation` text NOT NULL,
	`speaker` text NOT NULL,
	PRIMARY KEY(`iteration_id`, `seq`),
	FOREIGN KEY (`iteration_id`) REFERENCES `dub_iterations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `dub_iterations` ADD `line_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO `dub_iteration_lines` (`iteration_id`, `seq`, `start_ms`, `end_ms`, `text`, `translation`, `speaker`)
SELECT i.`id`, CAST(l.`key` AS integer), coalesce(json_extract(l.`value`, '$.start'), 0), coalesce(json_extract(l.`value`, '$.end'), 0),
  coalesce(json_extract(l.`value`, '$.text'), ''), coalesce(json_extract(l.`value`, '$.translation'), ''), coalesce(json_extract(l.`value`, '$.speaker'), '')
FROM `dub_iterations` i, json_each(i.`lines`) l;--> statement-breakpoint
UPDATE `dub_iterations` SET `line_count` = json_array_length(`lines`);--> statement-breakpoint
ALTER TABLE `dub_iterations` DROP COLUMN `lines`;--> statement-breakpoint
ALTER TABLE `job_chunks` ADD `done` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `job_chunks` SET `done` = 1 WHERE `result` IS NOT NULL;--> statement-breakpoint
UPDATE `records` SET `status` = CASE `type` WHEN 'dubbing' THEN 'dub_err' ELSE 'transcription_err' END,
  `error_reason` = 'Recognition was interrupted by a service upgrade. Retry to start it again.', `updated_at` = CAST(strftime('%s', 'now') AS integer) * 1000
WHERE `id` IN (SELECT j.`record_id` FROM `transcription_jobs` j WHERE j.`stage` = 'assemble'
  OR (j.`stage` = 'chunks' AND EXISTS (SELECT 1 FROM `job_chunks` c WHERE c.`record_id` = j.`record_id` AND c.`done` = 1)));--> statement-breakpoint
UPDATE `dub_projects` SET `stage` = 'failed', `updated_at` = CAST(strftime('%s', 'now') AS integer) * 1000
WHERE `record_id` IN (SELECT j.`record_id` FROM `transcription_jobs` j WHERE j.`stage` = 'assemble'
  OR (j.`stage` = 'chunks' AND EXISTS (SELECT 1 FROM `job_chunks` c WHERE c.`record_id` = j.`record_id` AND c.`done` = 1)));--> statement-breakpoint
UPDATE `transcription_jobs` SET `stage` = 'failed', `updated_at` = CAST(strftime('%s', 'now') AS integer) * 1000
WHERE `record_id` IN (SELECT j.`record_id` FROM `transcription_jobs` j WHERE j.`stage` = 'assemble'
  OR (j.`stage` = 'chunks' AND EXISTS (SELECT 1 FROM `job_chunks` c WHERE c.`record_id` = j.`record_id` AND c.`done` = 1)));--> statement-breakpoint
DELETE FROM `job_chunks` WHERE `record_id` IN (SELECT `record_id` FROM `transcription_jobs` WHERE `stage` IN ('translate', 'done', 'failed'));--> statement-breakpoint
ALTER TABLE `job_chunks` DROP COLUMN `result`;
