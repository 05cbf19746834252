-- Texts about the account rather than an opening go through the same outbox, send job and
-- delivery statuses as alert texts: a test text the subscriber asks for in Settings, and the
-- reminder two days before a trial or a cancelled plan ends. They belong to no alert and no
-- opening, so those columns are null for them, and only for them.
alter table notifications
  add column purpose text not null default 'opening'
    check (purpose in ('opening', 'test', 'plan-end')),
  alter column alert_kind drop not null,
  alter column alert_id drop not null,
  alter column opening_key drop not null,
  alter column booking_url drop not null,
  alter column seen_at drop not null,
  add constraint notifications_purpose_fields check (
    case when purpose = 'opening'
      then alert_kind is not null and alert_id is not null and opening_key is not null
        and booking_url is not null and seen_at is not null
      else alert_kind is null and alert_id is null and opening_key is null
        and booking_url is null and seen_at is null
    end
  );
-- Settings shows the delivery of the account's last test text.
create index notifications_account_texts_idx on notifications (user_id, created_at desc)
  where purpose <> 'opening';

-- One reminder per account and end: the insert is the guard, so a reminder goes out once however
-- many workers look, however often, and whether the plan was resumed and cancelled again for the
-- same period. notification_id is the text; null when none was sent because the number had
-- replied STOP (such a reminder is not tried again).
create table plan_end_reminders (
  user_id uuid not null references users (id) on delete cascade,
  ends_at timestamptz not null,
  kind text not null check (kind in ('trial', 'plan')),
  notification_id uuid references notifications (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (user_id, ends_at)
);
