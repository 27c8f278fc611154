CREATE TABLE `operations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`input` text,
	`progress` text,
	`result` text,
	`error` text,
	`request_id` text NOT NULL,
	`created_at` text NOT NULL,
	`started_at` text,
	`completed_at` text
);
--> statement-breakpoint
CREATE INDEX `operations_company_idx` ON `operations` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`webhook_id` text,
	`event_id` text,
	`event_type` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` text,
	`response_status` integer,
	`response_body` text,
	`error` text,
	`request_id` text NOT NULL,
	`payload` text NOT NULL,
	`retry_of_id` text,
	`created_at` text NOT NULL,
	`delivered_at` text
);
--> statement-breakpoint
CREATE INDEX `deliveries_webhook_created_idx` ON `webhook_deliveries` (`webhook_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`event_type` text NOT NULL,
	`webhook_url` text NOT NULL,
	`active` integer NOT NULL,
	`api_version_pinned` text NOT NULL,
	`disabled_at` text,
	`disabled_reason` text,
	`secret_enc` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhooks_company_event_idx` ON `webhooks` (`company_id`,`event_type`);--> statement-breakpoint
-- Terminal delivery rows (delivered, dead) and terminal operations never change.
CREATE TRIGGER webhook_deliveries_terminal BEFORE UPDATE ON webhook_deliveries
WHEN OLD.status IN ('delivered', 'dead') AND NOT (
  NEW.webhook_id IS NULL AND OLD.webhook_id IS NOT NULL AND NEW.status = OLD.status AND NEW.attempts = OLD.attempts
  AND NEW.response_status IS OLD.response_status AND NEW.response_body IS OLD.response_body AND NEW.error IS OLD.error
  AND NEW.delivered_at IS OLD.delivered_at AND NEW.next_attempt_at IS OLD.next_attempt_at AND NEW.payload = OLD.payload
)
BEGIN
  SELECT RAISE(ABORT, 'terminal deliveries never change');
END;
--> statement-breakpoint
CREATE TRIGGER operations_terminal BEFORE UPDATE ON operations
WHEN OLD.status IN ('succeeded', 'failed', 'cancelled')
BEGIN
  SELECT RAISE(ABORT, 'terminal operations never change');
END;
