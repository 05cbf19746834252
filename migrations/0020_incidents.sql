-- The service's own incidents, for the public status page (issue 28, item 6): a Disney endpoint
-- family's circuit breaker open (from its opening to the first good answer after it), and no
-- worker beating (from the last beat kept to the next one). Written by the workers when a
-- breaker changes or a beat finds a gap; kept 30 days by the hourly maintenance.

create table incidents (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('breaker', 'heartbeat')),
  -- The endpoint family of a breaker (dining, wdw-hotel, dlr-hotel); null for a heartbeat.
  family text check (family in ('dining', 'wdw-hotel', 'dlr-hotel')),
  started_at timestamptz not null,
  -- Null while it lasts.
  ended_at timestamptz,
  detail text check (char_length(detail) <= 500),
  check ((kind = 'breaker') = (family is not null)),
  check (ended_at is null or ended_at >= started_at),
  -- Several workers may see one transition or one gap: the start names it, so it is one row.
  unique nulls not distinct (kind, family, started_at)
);
-- The status page lists the last 30 days newest first; retention deletes by start.
create index incidents_started_idx on incidents (started_at desc);
