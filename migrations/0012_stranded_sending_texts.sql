-- A text can be stranded "sending" too: its worker died mid-send and Redis lost the job (it
-- restarted empty, or the worker moved to another Redis). The tick now looks for texts no one has
-- touched for a minute, pending or sending, so the index follows the last touch of both.
drop index notifications_pending_idx;
create index notifications_unsent_idx on notifications (updated_at)
  where status in ('pending', 'sending');
