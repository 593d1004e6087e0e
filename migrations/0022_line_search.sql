-- Search across records (worker/services/search): an FTS5 index of every line's text, with the trigram tokenizer so
-- Chinese (no spaces between words) matches any run of 3+ characters as English words do. drizzle-kit cannot write
-- virtual tables or triggers: this migration is written by hand.
-- The index is contentless (the text is read from `segments`, never stored twice) and its rowid is the line's id
-- (record_id * 1048576 + seq, worker/db/line-id.ts); `contentless_delete` lets a line's entry be removed.
-- Triggers keep it in step with every write of a line (transcription, meeting finals, edits, merges, undo, record
-- deletion through the foreign key's cascade), so no write path can forget it. Speaker names are not indexed: a
-- search reads each hit's current name from `line_speakers`, so a rename needs nothing here.
-- A later rebuild of `segments` (as 0018 and 0020 did) drops these triggers with the old table: it must create them again.
CREATE VIRTUAL TABLE `line_search` USING fts5(`text`, content='', contentless_delete=1, tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `line_search_insert` AFTER INSERT ON `segments` BEGIN
	INSERT INTO `line_search`(rowid, `text`) VALUES (new.`record_id` * 1048576 + new.`seq`, new.`text`);
END;--> statement-breakpoint
CREATE TRIGGER `line_search_delete` AFTER DELETE ON `segments` BEGIN
	DELETE FROM `line_search` WHERE rowid = old.`record_id` * 1048576 + old.`seq`;
END;--> statement-breakpoint
CREATE TRIGGER `line_search_update` AFTER UPDATE OF `record_id`, `seq`, `text` ON `segments` BEGIN
	DELETE FROM `line_search` WHERE rowid = old.`record_id` * 1048576 + old.`seq`;
	INSERT INTO `line_search`(rowid, `text`) VALUES (new.`record_id` * 1048576 + new.`seq`, new.`text`);
END;--> statement-breakpoint
-- The lines stored before this migration.
INSERT INTO `line_search`(rowid, `text`) SELECT `record_id` * 1048576 + `seq`, `text` FROM `segments`;
