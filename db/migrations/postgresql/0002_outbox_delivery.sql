-- PostgreSQL version of ../0002_outbox_delivery.sql (delivery bookkeeping of owed posts).
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE outbox ADD COLUMN next_attempt_at DOUBLE PRECISION;
ALTER TABLE outbox ADD COLUMN attempt_started_at DOUBLE PRECISION;
ALTER TABLE outbox ADD COLUMN message_id BIGINT;
