-- The tick looks for outbox rows still pending long after they were written (their send job was
-- lost); only pending rows are indexed, so the look stays cheap however large the outbox grows.
create index notifications_pending_idx on notifications (created_at) where status = 'pending';
