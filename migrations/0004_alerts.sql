-- Alerts. Each belongs to one user; running alerts carry the worker's schedule
-- (next_check_at) and what it last saw (last_checked_at, last_found_at).

create table hotel_alerts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  resort_id uuid not null references resorts (id),
  check_in_date date not null,
  check_out_date date not null check (check_out_date > check_in_date),
  number_of_adults integer not null check (number_of_adults between 1 and 14),
  ages_of_children integer[] not null default '{}'
    check (cardinality(ages_of_children) <= 13 and 0 <= all (ages_of_children) and 17 >= all (ages_of_children)),
  accessible boolean not null default false,
  room_type_ids uuid[] not null check (cardinality(room_type_ids) >= 1),
  -- 0 stopped, 1 running, 2 completed (found), 3 errored
  status smallint not null default 1 check (status between 0 and 3),
  -- type 1 marks internal queries that are not user alerts; the dashboard hides them
  type smallint not null default 0,
  status_reason text,
  started_at timestamptz,
  next_check_at timestamptz,
  last_checked_at timestamptz,
  last_found_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index hotel_alerts_user_created_idx on hotel_alerts (user_id, created_at desc);
create index hotel_alerts_due_idx on hotel_alerts (next_check_at) where status = 1;

create table dining_alerts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  resort_location_identifier text not null check (resort_location_identifier in ('disney-world', 'disneyland')),
  dining_location_id text not null references dining_locations (id),
  reserve_date date not null,
  party_size integer not null check (party_size between 1 and 20),
  preferred_time time,
  time_range_start time,
  time_range_end time,
  -- 1 running, 0 stopped
  status smallint not null default 1 check (status in (0, 1)),
  status_reason text,
  started_at timestamptz,
  next_check_at timestamptz,
  last_checked_at timestamptz,
  last_found_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((time_range_start is null) = (time_range_end is null)),
  check (time_range_start is null or time_range_start <= time_range_end)
);
create index dining_alerts_user_created_idx on dining_alerts (user_id, created_at desc);
create index dining_alerts_due_idx on dining_alerts (next_check_at) where status = 1;

-- Alerts a visitor filled in before signing in, kept for that browser (a signed cookie holds
-- the ids) until they become real alerts after login, exactly once.
create table pending_alerts (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('hotel', 'dining')),
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index pending_alerts_created_idx on pending_alerts (created_at);
