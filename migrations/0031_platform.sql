-- Issue #29 item 18, the platform rules. An API key keeps the dated API version it was
-- created under (spec: Versioning 5: a new version becomes the default for new keys and
-- webhooks); keys made before this column existed were made under the first release.
ALTER TABLE `api_keys` ADD `api_version` text DEFAULT '2026-05-12' NOT NULL;
