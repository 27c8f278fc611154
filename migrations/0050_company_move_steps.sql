-- A company's move in steps (issue 41 item 13, src/writer/move.ts): each step is one invocation
-- of the company's writer, under D1's 1 000 queries per invocation. `progress` (the directory's
-- move row) holds the tables to move and what the steps measured; `move_cursors` holds, in the
-- database a step writes to, how far each table's copy or delete has come. A page's rows and its
-- cursor are written in one batch (one transaction), so a step that dies resumes exactly after
-- the last page that was written. No company_id column: no company's rows, never moved.
ALTER TABLE `company_moves` ADD `progress` text;
--> statement-breakpoint
CREATE TABLE `move_cursors` (
	`move_id` text NOT NULL,
	`phase` text NOT NULL,
	`table_name` text NOT NULL,
	`after_key` text,
	`rows` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`move_id`, `phase`, `table_name`)
);
