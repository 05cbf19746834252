-- An alert's check history, kept on its question (issue 28, decision 0030): for each pace among
-- the question's alerts (a plan interval), its last outcomes and counts by hour and day, in a
-- buffer the check rewrites in the update it already makes. No row per check.

alter table questions
  add column paces integer[] not null default '{}',
  add column check_history bytea;

-- Rewritten at every check: room on each page for the new version keeps the update HOT, and a
-- row of up to 4 KB (a question with all four paces is about 2.3 KB) stays inline and
-- uncompressed instead of being compressed at every check past the default 2 KB.
alter table questions set (fillfactor = 90, toast_tuple_target = 4080);

-- Paces as questions.server.ts's refresh computes them (the hourly maintenance recomputes them).
update questions q set paces = p.paces
from (
  select a.question_id, array_agg(distinct pl.interval_minutes order by pl.interval_minutes) as paces
  from (
    select question_id, user_id from hotel_alerts where status = 1 and type <> 1
    union all
    select question_id, user_id from dining_alerts where status = 1
  ) a
  join users u on u.id = a.user_id
  join plans pl on pl.id = u.plan_id
  where (not pl.free or (u.trial_start_utc is not null and u.trial_start_utc > now() - make_interval(days => 7)))
    and not exists (select 1 from sms_opt_outs o where o.phone_number = u.phone_number)
  group by a.question_id
) p
where q.id = p.question_id;
