-- Openings with a life (issue 28, decision 0029). An opening is a room type for a stay, or a
-- restaurant's table at a time, that a question's answer shows and one of its running alerts
-- watches. It lives from the check that first sees it to the first check that no longer does;
-- seen again within the grace, it is the same opening (Disney's answers flicker), later a new one.
-- Rows are written when an opening appears or closes, never at the checks in between.

create table openings (
  id bigint generated always as identity primary key,
  -- Null once no alert asks the question (it is deleted): the opening stays for the public
  -- statistics until its retention ends.
  question_id bigint references questions (id) on delete set null,
  kind text not null check (kind in ('hotel', 'dining')),
  -- A room type and stay, or a restaurant, date and time: the key its texts carry.
  opening_key text not null,
  resort_id uuid references resorts (id) on delete cascade,
  room_type_id uuid references room_types (id) on delete cascade,
  dining_location_id text references dining_locations (id) on delete cascade,
  -- The check-in date, or the reservation's date.
  starts_on date not null,
  check_out_date date,
  reserve_time time,
  first_seen_at timestamptz not null,
  -- The last check that saw it, written when it closes; while it is open, its question's last check.
  last_seen_at timestamptz,
  closed_at timestamptz,
  check (
    case kind
      when 'hotel' then resort_id is not null and room_type_id is not null and check_out_date is not null
      else dining_location_id is not null and reserve_time is not null
    end
  ),
  check ((closed_at is null) = (last_seen_at is null))
);
-- One life at a time per question and key; a reopen looks up the latest life of its key.
create unique index openings_open_idx on openings (question_id, opening_key) where closed_at is null;
create index openings_key_idx on openings (question_id, opening_key, closed_at desc);
-- A hotel's public statistics read its openings by first sight; retention reads by closing.
create index openings_resort_idx on openings (resort_id, first_seen_at) where kind = 'hotel';
create index openings_closed_idx on openings (closed_at) where closed_at is not null;

-- What each question has open now (opening key → opening id), read with its claim: an answer
-- compares against it without reading the openings, and writes only what changed.
alter table questions add column open_openings jsonb not null default '{}'
  check (jsonb_typeof(open_openings) = 'object');

-- One text per alert and opening life (it was per alert and key, for ever). A summary text tells
-- an alert's owner that its texts are held for the day (ten in 24 hours, then the summary).
alter table notifications add column opening_id bigint references openings (id) on delete set null;
alter table notifications drop constraint notifications_alert_kind_alert_id_opening_key_key;
create unique index notifications_opening_once_idx on notifications (alert_kind, alert_id, opening_id);
alter table notifications drop constraint notifications_purpose_check,
  add constraint notifications_purpose_check check (purpose in ('opening', 'summary', 'test', 'plan-end')),
  drop constraint notifications_purpose_fields,
  add constraint notifications_purpose_fields check (
    case when purpose in ('opening', 'summary')
      then alert_kind is not null and alert_id is not null and opening_key is not null
        and booking_url is not null and seen_at is not null
      else alert_kind is null and alert_id is null and opening_key is null
        and booking_url is null and seen_at is null
    end
  );

-- Hotel alerts keep watching after a text unless their owner says otherwise (decision 0029).
alter table hotel_alerts add column keep_watching boolean not null default true;

-- Openings texted in the last hour that the old worker knew only by key become lives, open, so
-- the first check after this migration closes them or carries them on, and texts none again.
with recent as (
  select q.id as question_id, q.kind, n.opening_key, q.resort_id, q.check_in_date,
    q.check_out_date, q.reserve_date, n.seen_at
  from notifications n
  join hotel_alerts h on n.alert_kind = 'hotel' and h.id = n.alert_id
  join questions q on q.id = h.question_id
  where n.purpose = 'opening' and n.seen_at > now() - interval '1 hour'
  union all
  select q.id, q.kind, n.opening_key, q.resort_id, q.check_in_date, q.check_out_date,
    q.reserve_date, n.seen_at
  from notifications n
  join dining_alerts d on n.alert_kind = 'dining' and d.id = n.alert_id
  join questions q on q.id = d.question_id
  where n.purpose = 'opening' and n.seen_at > now() - interval '1 hour'
),
lives as (
  insert into openings (question_id, kind, opening_key, resort_id, room_type_id,
    dining_location_id, starts_on, check_out_date, reserve_time, first_seen_at)
  select r.question_id, r.kind, r.opening_key, r.resort_id,
    case r.kind when 'hotel' then split_part(r.opening_key, '|', 1)::uuid end,
    case r.kind when 'dining' then split_part(r.opening_key, '|', 1) end,
    coalesce(r.check_in_date, r.reserve_date), r.check_out_date,
    case r.kind when 'dining' then split_part(r.opening_key, '|', 3)::time end,
    r.seen_at
  from (select distinct on (question_id, opening_key) * from recent
    order by question_id, opening_key, seen_at) r
  where exists (select 1 from room_types t where r.kind = 'hotel' and t.id::text = split_part(r.opening_key, '|', 1))
    or exists (select 1 from dining_locations l where r.kind = 'dining' and l.id = split_part(r.opening_key, '|', 1))
  returning id, question_id, opening_key
),
linked as (
  update notifications n set opening_id = l.id
  from lives l, questions q
  where n.opening_key = l.opening_key and q.id = l.question_id and n.purpose = 'opening'
    and n.seen_at > now() - interval '1 hour'
    and n.alert_id in (select id from hotel_alerts where question_id = q.id
      union all select id from dining_alerts where question_id = q.id)
)
update questions q set open_openings = o.open
from (select question_id, jsonb_object_agg(opening_key, id) as open from lives group by question_id) o
where q.id = o.question_id;
