-- Delivery bookkeeping for the posts a game owes its channel (service/outbox.py).
-- attempts: how many times sending was tried; next_attempt_at: when to try again (the back-off
-- outlives a restart); attempt_started_at: set just before a send and cleared when its outcome
-- is known, so a post whose attempt began but never finished (the process died, a timeout)
-- is looked for in the channel before being sent again; message_id: the message it became.
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE outbox ADD COLUMN next_attempt_at REAL;
ALTER TABLE outbox ADD COLUMN attempt_started_at REAL;
ALTER TABLE outbox ADD COLUMN message_id INTEGER;
