-- Accounts: users, their revocable sessions, and the SMS login codes.

create table users (
  id uuid primary key default gen_random_uuid(),
  phone_number text not null unique check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  plan_id text,
  stripe_subscription_plan_id text,
  trial_start_utc timestamptz,
  role text not null default 'user' check (role in ('user', 'admin')),
  created_at timestamptz not null default now()
);

-- One table for browser sessions (cookie) and API tokens (Bearer); only a hash of the token is kept.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  kind text not null check (kind in ('web', 'api')),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now(),
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

-- The current code for a phone number. Failures and sends are counted per window, so asking for
-- a new code does not reset the count of wrong tries.
create table verification_codes (
  phone_number text primary key,
  code_hash text not null,
  expires_at timestamptz not null,
  failures integer not null default 0,
  sends integer not null default 1,
  window_started_at timestamptz not null default now(),
  consumed_at timestamptz
);
