-- First-party analytics (decision record 0014): one row per event, no IP address, no user id.
-- Browser events (page views, clicks, what a visitor saw) carry a visitor hash that a salt of
-- the day makes unlinkable across days; server events (alerts, plans, subscriptions) carry none
-- and, where a retry could repeat them, a dedupe key that keeps them to one row each.
create table analytics_events (
  id bigint generated always as identity primary key,
  name text not null check (name in (
    'page_view', 'cta_click', 'view_pricing_intent_pro', 'checkout_initiated',
    'checkout_invalid_plan', 'conversion', 'alert_created', 'alert_deleted', 'plan_changed',
    'subscription_completed'
  )),
  source text not null check (source in ('browser', 'server')),
  path text check (char_length(path) <= 200),
  props jsonb not null default '{}',
  visitor_hash text check (visitor_hash ~ '^[0-9a-f]{32}$'),
  dedupe_key text unique check (char_length(dedupe_key) <= 200),
  occurred_at timestamptz not null default now()
);
-- The insights page asks per event name and day; retention deletes by time.
create index analytics_events_name_occurred_idx on analytics_events (name, occurred_at);
create index analytics_events_occurred_idx on analytics_events (occurred_at);

-- The insights page's daily counts of existing tables.
create index users_created_at_idx on users (created_at);
create index hotel_alerts_created_at_idx on hotel_alerts (created_at);
create index dining_alerts_created_at_idx on dining_alerts (created_at);
create index notifications_seen_at_idx on notifications (seen_at);
create index notifications_sent_at_idx on notifications (sent_at) where sent_at is not null;
