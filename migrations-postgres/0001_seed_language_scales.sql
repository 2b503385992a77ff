-- §1.2 seeds, as in SQLite's 0001: English is the reference scale; Italian was measured on 2026-07-06.
INSERT INTO "language_scales" ("domain", "scale", "measured_at", "qualifying_ranks", "sample_size", "reference_domain")
VALUES ('en', 1.0, '2026-07-06T00:00:00Z', 985, 500, 'en')
ON CONFLICT ("domain") DO NOTHING;
--> statement-breakpoint
INSERT INTO "language_scales" ("domain", "scale", "measured_at", "qualifying_ranks", "sample_size", "reference_domain")
VALUES ('it', 13.9, '2026-07-06T00:00:00Z', 993, 500, 'en')
ON CONFLICT ("domain") DO NOTHING;
