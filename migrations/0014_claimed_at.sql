-- When the tick last claimed an alert for a check. A check job carries the moment of its claim
-- and records only alerts still held by it: a job retried through a long database outage leaves
-- alone an alert the tick has claimed again since, so no slot is checked twice (decision 0004).
alter table hotel_alerts add column claimed_at timestamptz;
alter table dining_alerts add column claimed_at timestamptz;
