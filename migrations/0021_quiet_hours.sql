-- Quiet hours and snooze (issue 28, decision 0031). A subscriber may set quiet hours in their own
-- time zone: an opening's text found then is held and the held ones go out as one text when the
-- hours end, unless the stay or meal is within 48 hours. An alert may be snoozed until a date.

-- The subscriber's time zone (an IANA name, checked by the app against the zones it offers) and
-- quiet hours as local times; none until they set them. A range may cross midnight (22:00-07:00).
alter table users
  add column time_zone text,
  add column quiet_start time,
  add column quiet_end time,
  add constraint users_quiet_hours_check check (
    (quiet_start is null) = (quiet_end is null)
    and (quiet_start is null or (time_zone is not null and quiet_start <> quiet_end))
  );

-- Snoozed alerts send nothing and are not asked through the date given (the destination's date);
-- the tick clears the date once it is over, so a snoozed alert is one with a date at all.
alter table hotel_alerts add column snoozed_until date;
alter table dining_alerts add column snoozed_until date;
create index hotel_alerts_snoozed_idx on hotel_alerts (snoozed_until) where snoozed_until is not null;
create index dining_alerts_snoozed_idx on dining_alerts (snoozed_until) where snoozed_until is not null;

-- A text found in quiet hours is recorded as usual (so the opening counts as told in its life) but
-- "held" and not queued, with when to release it. Released, it is sent on its own when it is the
-- owner's only opening still open (it becomes pending), or gathered into one 'quiet-hours' text
-- (gathered_in), or left unsent with the reason (its opening closed, its alert went or snoozed).
alter table notifications
  add column held_until timestamptz,
  add column gathered_in uuid references notifications (id) on delete set null,
  drop constraint notifications_status_check,
  add constraint notifications_status_check check (status in
    ('pending', 'sending', 'sent', 'queued', 'delivered', 'undelivered', 'failed', 'skipped', 'held')),
  add constraint notifications_held_check check (held_until is null or status = 'held'),
  drop constraint notifications_purpose_check,
  add constraint notifications_purpose_check
    check (purpose in ('opening', 'summary', 'test', 'plan-end', 'quiet-hours'));
-- The tick's look for texts to release: only those still held are indexed.
create index notifications_held_idx on notifications (held_until, user_id) where held_until is not null;
