-- The question, not the alert, as the unit of work (decision 0028, issue 27). Each distinct
-- question to Disney is one row: the tick claims it, the worker asks it once and records the
-- answer on it. An alert points at its question and is written only when something happens to
-- it (an opening texted, an error, a status change).

create table questions (
  id bigint generated always as identity primary key,
  -- hotelQueryKey / diningQueryKey of app/domain/schedule.ts: what makes two alerts one question
  key text not null unique,
  kind text not null check (kind in ('hotel', 'dining')),
  resort_id uuid references resorts (id),
  check_in_date date,
  check_out_date date,
  number_of_adults integer,
  ages_of_children integer[],
  accessible boolean,
  resort_location_identifier text,
  party_size integer,
  reserve_date date,
  -- The fastest plan among its running alerts whose owners may have them checked; null: nobody,
  -- and it is not asked.
  interval_minutes integer check (interval_minutes > 0),
  -- How many of its alerts may run: the alert checks one answer makes (the worker's metrics).
  alert_count integer not null default 0,
  next_check_at timestamptz,
  -- The tick's claim that holds it: a check records only a question its claim still holds.
  claimed_at timestamptz,
  last_checked_at timestamptz,
  -- Disney said the stay is beyond its booking window; its alerts keep waiting.
  not_bookable_since timestamptz,
  check (next_check_at is null or interval_minutes is not null),
  check (
    case kind
      when 'hotel' then resort_id is not null and check_in_date is not null
        and check_out_date is not null and number_of_adults is not null
        and ages_of_children is not null and accessible is not null
      else resort_location_identifier is not null and party_size is not null and reserve_date is not null
    end
  )
);
-- The claim reads due questions in due order: this index is that order.
create index questions_due_idx on questions (next_check_at) where next_check_at is not null;
-- Every tick stops what has passed: by index, not by reading every row twice a second.
create index questions_date_idx on questions ((coalesce(check_in_date, reserve_date)))
  where next_check_at is not null;

alter table hotel_alerts add column question_id bigint references questions (id);
alter table dining_alerts add column question_id bigint references questions (id);

-- Every alert's question, keyed exactly as the app keys it (children's ages in order, dates ISO).
insert into questions (key, kind, resort_id, check_in_date, check_out_date, number_of_adults,
  ages_of_children, accessible, last_checked_at, not_bookable_since)
select format('hotel|%s|%s|%s|%s|%s|%s', resort_id, to_char(check_in_date, 'YYYY-MM-DD'),
    to_char(check_out_date, 'YYYY-MM-DD'), number_of_adults, array_to_string(ages, '.'),
    case when accessible then 1 else 0 end),
  'hotel', resort_id, check_in_date, check_out_date, number_of_adults, ages, accessible,
  max(last_checked_at), max(not_bookable_since)
from (select h.*, array(select age from unnest(h.ages_of_children) age order by age) as ages
  from hotel_alerts h) h
group by resort_id, check_in_date, check_out_date, number_of_adults, ages, accessible;

insert into questions (key, kind, resort_location_identifier, party_size, reserve_date, last_checked_at)
select format('dining|%s|%s|%s', resort_location_identifier, party_size, to_char(reserve_date, 'YYYY-MM-DD')),
  'dining', resort_location_identifier, party_size, reserve_date, max(last_checked_at)
from dining_alerts
group by resort_location_identifier, party_size, reserve_date;

update hotel_alerts h set question_id = q.id
from questions q
where q.kind = 'hotel' and q.resort_id = h.resort_id and q.check_in_date = h.check_in_date
  and q.check_out_date = h.check_out_date and q.number_of_adults = h.number_of_adults
  and q.accessible = h.accessible
  and q.ages_of_children = array(select age from unnest(h.ages_of_children) age order by age);

update dining_alerts d set question_id = q.id
from questions q
where q.kind = 'dining' and q.resort_location_identifier = d.resort_location_identifier
  and q.party_size = d.party_size and q.reserve_date = d.reserve_date;

-- The schedule moves to the questions without a missed check: each is due when the earliest of
-- its running alerts was, and at once if one of them was claimed and not yet recorded (its job,
-- queued by the old worker, is not run by the new one). Intervals as questions.server.ts's
-- refresh computes them; the hourly maintenance recomputes them all.
with alerts as (
  select question_id, user_id, next_check_at, claimed_at, last_checked_at from hotel_alerts
    where status = 1 and type <> 1
  union all
  select question_id, user_id, next_check_at, claimed_at, last_checked_at from dining_alerts
    where status = 1
),
due as (
  select a.question_id, min(p.interval_minutes) as interval_minutes, count(*) as alert_count,
    min(case when a.claimed_at is not null and (a.last_checked_at is null or a.last_checked_at < a.claimed_at)
      then now() else coalesce(a.next_check_at, now()) end) as next_check_at
  from alerts a join users u on u.id = a.user_id join plans p on p.id = u.plan_id
  where (not p.free or (u.trial_start_utc is not null and u.trial_start_utc > now() - make_interval(days => 7)))
    and not exists (select 1 from sms_opt_outs o where o.phone_number = u.phone_number)
  group by a.question_id
)
update questions q set interval_minutes = due.interval_minutes, alert_count = due.alert_count,
  next_check_at = due.next_check_at
from due where due.question_id = q.id;

alter table hotel_alerts alter column question_id set not null;
alter table dining_alerts alter column question_id set not null;
-- An answer's alerts, and a question's that may run: by question and status in one index (a
-- question alone would leave the planner to AND it with the date index below, row by row).
create index hotel_alerts_question_idx on hotel_alerts (question_id, status);
create index dining_alerts_question_idx on dining_alerts (question_id, status);
create index hotel_alerts_running_date_idx on hotel_alerts (check_in_date) where status = 1;
create index dining_alerts_running_date_idx on dining_alerts (reserve_date) where status = 1;

-- What the questions now hold. The worker is stopped while this runs (docs/operations.md).
drop index hotel_alerts_due_idx;
drop index dining_alerts_due_idx;
alter table hotel_alerts drop column next_check_at, drop column claimed_at,
  drop column last_checked_at, drop column not_bookable_since;
alter table dining_alerts drop column next_check_at, drop column claimed_at,
  drop column last_checked_at;
