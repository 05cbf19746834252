-- Monitoring: the text outbox, numbers that replied STOP, and the state of Disney's endpoints.

-- One row per alert and opening, written before anything is sent: the unique key is what makes a
-- retried check or a second worker harmless.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  short_code text not null unique check (short_code ~ '^[A-Za-z0-9]{6,12}$'),
  user_id uuid not null references users (id) on delete cascade,
  alert_kind text not null check (alert_kind in ('hotel', 'dining')),
  alert_id uuid not null,
  opening_key text not null,
  to_number text not null,
  body text not null,
  booking_url text not null,
  status text not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'queued', 'delivered', 'undelivered', 'failed', 'skipped')),
  twilio_sid text unique,
  error text,
  attempts integer not null default 0,
  clicks integer not null default 0,
  last_clicked_at timestamptz,
  seen_at timestamptz not null,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (alert_kind, alert_id, opening_key)
);
create index notifications_alert_idx on notifications (alert_kind, alert_id, created_at desc);

create table sms_opt_outs (
  phone_number text primary key,
  opted_out_at timestamptz not null default now()
);

-- Alerts are claimed by due time among running ones; the plan join needs the user's plan fast.
create index users_plan_idx on users (plan_id);
