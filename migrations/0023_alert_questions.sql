-- An alert is the set of questions it asks (issue 29, decision 0033). A hotel alert watches a
-- window of check-ins and a range of nights at several resorts; a dining alert several
-- restaurants on several dates at some meals. Each alert keeps what the person asked for, and
-- alert_questions the questions it expands to, written with it. An exact alert (one resort, one
-- stay; one restaurant, one date) is the simplest case: one question, the one it has today.
-- The worker is stopped while this runs (docs/operations.md).

-- Hotel: the window and nights, the resorts with their room types, split stays.
alter table hotel_alerts
  add column latest_check_in_date date,
  add column min_nights smallint,
  add column max_nights smallint,
  add column split_stays boolean not null default false,
  -- [{ "resortId": uuid, "roomIds": [uuid, …] | "any" }] in the person's order
  add column resorts jsonb;
update hotel_alerts set latest_check_in_date = check_in_date,
  min_nights = check_out_date - check_in_date, max_nights = check_out_date - check_in_date,
  resorts = jsonb_build_array(jsonb_build_object('resortId', resort_id, 'roomIds', to_jsonb(room_type_ids)));

-- Dining: the restaurants (the first is the one named first), the dates (earliest first) and
-- meal periods (none: the time fields say when, as before).
alter table dining_alerts
  add column dining_location_ids text[],
  add column reserve_dates date[],
  add column meal_periods text[] not null default '{}'
    check (meal_periods <@ array['breakfast', 'lunch', 'dinner']);
update dining_alerts set dining_location_ids = array[dining_location_id], reserve_dates = array[reserve_date];

create table alert_questions (
  question_id bigint not null references questions (id),
  hotel_alert_id uuid references hotel_alerts (id) on delete cascade,
  dining_alert_id uuid references dining_alerts (id) on delete cascade,
  -- Hotel: the room types the alert watches at the question's resort, resolved when it is saved
  -- ("any room" is every room type there that fits the party).
  room_type_ids uuid[],
  -- Asked only for split stays: a shorter stay that may be half of one (split-stays.ts).
  split boolean not null default false,
  check (num_nonnulls(hotel_alert_id, dining_alert_id) = 1),
  check ((hotel_alert_id is null) = (room_type_ids is null))
);
create unique index alert_questions_hotel_idx on alert_questions (hotel_alert_id, question_id)
  where hotel_alert_id is not null;
create unique index alert_questions_dining_idx on alert_questions (dining_alert_id, question_id)
  where dining_alert_id is not null;
-- An answer's alerts are read by its question.
create index alert_questions_question_idx on alert_questions (question_id);

insert into alert_questions (question_id, hotel_alert_id, room_type_ids)
  select question_id, id, room_type_ids from hotel_alerts;
insert into alert_questions (question_id, dining_alert_id)
  select question_id, id from dining_alerts;

-- What the alerts held in one column each now comes from the new ones. The first resort,
-- restaurant and date stay as generated columns: the destination, the name a list sorts by,
-- the earliest date.
alter table hotel_alerts drop column question_id, drop column room_type_ids,
  drop column resort_id, drop column check_out_date;
alter table hotel_alerts
  alter column latest_check_in_date set not null,
  alter column min_nights set not null,
  alter column max_nights set not null,
  alter column resorts set not null,
  add column resort_id uuid generated always as ((resorts -> 0 ->> 'resortId')::uuid) stored
    references resorts (id),
  -- The first stay's check-out: an exact alert's check-out, as before.
  add column check_out_date date generated always as (check_in_date + min_nights) stored,
  add constraint hotel_alerts_window_check check (
    latest_check_in_date between check_in_date and check_in_date + 14
    and min_nights between 1 and max_nights and max_nights <= 30
    and jsonb_typeof(resorts) = 'array' and jsonb_array_length(resorts) >= 1);

drop index dining_alerts_running_date_idx;
alter table dining_alerts drop column question_id, drop column dining_location_id,
  drop column reserve_date;
alter table dining_alerts
  alter column dining_location_ids set not null,
  alter column reserve_dates set not null,
  add column dining_location_id text generated always as (dining_location_ids[1]) stored
    references dining_locations (id),
  add column reserve_date date generated always as (reserve_dates[1]) stored,
  -- An alert stops when its last date has passed.
  add column last_reserve_date date
    generated always as (reserve_dates[cardinality(reserve_dates)]) stored,
  add constraint dining_alerts_choices_check check (
    cardinality(dining_location_ids) between 1 and 10
    and cardinality(reserve_dates) between 1 and 14);

alter table hotel_alerts alter column resort_id set not null, alter column check_out_date set not null;
alter table dining_alerts alter column dining_location_id set not null,
  alter column reserve_date set not null, alter column last_reserve_date set not null;

drop index hotel_alerts_running_date_idx;
create index hotel_alerts_running_date_idx on hotel_alerts (latest_check_in_date) where status = 1;
create index dining_alerts_running_date_idx on dining_alerts (last_reserve_date) where status = 1;

-- A split stay's text links both bookings: the second one's page, behind /o/<code>/2.
alter table notifications add column second_booking_url text;

-- Statistics for the new table and the rewritten ones, so the first pacing refresh after the
-- deploy plans its joins from real counts.
analyze alert_questions;
analyze hotel_alerts;
analyze dining_alerts;
