-- The Disney catalogue: resorts with their room types, and restaurants that take reservations.
-- Loaded from content/catalogue by the seed. A row that leaves the files is marked unlisted,
-- never deleted, so alerts that point at it keep working.

create table resorts (
  id uuid primary key,
  name text not null,
  slug text not null,
  disney_identifier text,
  location_identifier text not null check (location_identifier in ('disney-world', 'disneyland')),
  tier text not null check (tier in ('value', 'moderate', 'deluxe', 'deluxe-villa', 'campground')),
  area text not null,
  description text not null,
  -- false for a hotel Disney no longer sells under this name (Paradise Pier became Pixar Place)
  sold boolean not null default true,
  listed boolean not null default true,
  unique (location_identifier, slug)
);

create table room_types (
  id uuid primary key,
  resort_id uuid not null references resorts (id),
  name text not null,
  category_name text not null,
  max_occupancy integer not null check (max_occupancy > 0),
  max_adult_occupancy integer not null check (max_adult_occupancy between 1 and max_occupancy),
  max_non_adult_occupancy integer not null check (max_non_adult_occupancy between 0 and max_occupancy),
  max_non_infant_occupancy integer not null check (max_non_infant_occupancy between 1 and max_occupancy),
  number_of_bedrooms integer not null check (number_of_bedrooms >= 0),
  accessible boolean not null,
  disney_room_code text,
  disney_room_id text,
  sort_order integer not null,
  listed boolean not null default true
);
create index room_types_resort_id_idx on room_types (resort_id, sort_order);

create table dining_locations (
  id text primary key check (id ~ '^[0-9]+$'),
  name text not null,
  resort_location_identifier text not null check (resort_location_identifier in ('disney-world', 'disneyland')),
  area text not null,
  area_type text not null check (area_type in ('theme-park', 'resort', 'district')),
  cuisine text not null,
  service_type text not null
    check (service_type in ('table-service', 'character-dining', 'signature-dining', 'dinner-show', 'lounge')),
  meal_periods text[] not null,
  listed boolean not null default true
);
create index dining_locations_group_idx on dining_locations (resort_location_identifier, name);
