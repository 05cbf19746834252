-- Subscription plans. Rows come from the seed; legacy plans stay for the users still on them.

create table plans (
  id text primary key check (id ~ '^[a-z0-9-]+$'),
  name text not null,
  tagline text not null,
  price_cents integer not null check (price_cents >= 0),
  currency text not null default 'usd',
  alert_limit integer not null check (alert_limit >= 0),
  interval_minutes integer not null check (interval_minutes > 0),
  free boolean not null default false,
  legacy boolean not null default false,
  legacy_price text,
  sort_order integer not null,
  stripe_price_id text unique
);

alter table users
  add constraint users_plan_id_fkey foreign key (plan_id) references plans (id);
