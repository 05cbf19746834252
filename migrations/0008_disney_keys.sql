-- Disney's own keys for the catalogue, and what real answers say that the catalogue does not know.
--
-- A resort is asked at Disney's address for it (`disney_slug`); one address may answer for a
-- whole complex. A room type is listed in Disney's answers under one or more room codes (WDW) or
-- numeric room ids (Disneyland), so both are lists.

alter table resorts add column disney_slug text;

alter table room_types
  add column disney_room_codes text[] not null default '{}',
  add column disney_room_ids text[] not null default '{}';
update room_types set
  disney_room_codes = case when disney_room_code is null then '{}' else array[disney_room_code] end,
  disney_room_ids = case when disney_room_id is null then '{}' else array[disney_room_id] end;
alter table room_types drop column disney_room_code, drop column disney_room_id;

-- A Disney key that an admin tied to one of our room types, from real traffic: applied from the
-- next check, without a deploy. One key belongs to one room type at one address.
create table room_key_mappings (
  id uuid primary key default gen_random_uuid(),
  location_identifier text not null check (location_identifier in ('disney-world', 'disneyland')),
  disney_slug text not null,
  key_kind text not null check (key_kind in ('code', 'id')),
  disney_key text not null check (disney_key ~ '^[A-Za-z0-9]{1,20}$'),
  room_type_id uuid not null references room_types (id),
  created_by uuid not null references users (id),
  created_at timestamptz not null default now(),
  unique (location_identifier, disney_slug, key_kind, disney_key)
);
create index room_key_mappings_room_type_idx on room_key_mappings (room_type_id);

-- Every change to the catalogue made by an admin, kept forever.
create table catalogue_audit (
  id bigint generated always as identity primary key,
  actor_id uuid not null references users (id),
  action text not null check (action in ('map-room-key', 'unmap-room-key')),
  details jsonb not null,
  at timestamptz not null default now()
);

-- Catalogue drift: rooms and venues in Disney's answers that matched nothing of ours, counted per
-- address (a resort's slug, or a destination for dining) with what the latest answer said.
create table unmatched_answer_keys (
  location_identifier text not null check (location_identifier in ('disney-world', 'disneyland')),
  -- a resort's Disney slug for rooms; 'dining' for restaurants, dinner shows and dining events
  address text not null,
  key_kind text not null check (key_kind in ('code', 'id', 'venue')),
  disney_key text not null,
  description text not null,
  times_seen bigint not null default 0,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  primary key (location_identifier, address, key_kind, disney_key)
);

-- Disney answered that the stay cannot be booked yet (beyond its booking window): the alert keeps
-- running and the dashboard says so. Cleared by the next ordinary answer.
alter table hotel_alerts add column not_bookable_since timestamptz;
