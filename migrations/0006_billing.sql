-- Billing. Stripe holds the money; these rows mirror what Stripe last told us, and the user's
-- plan follows the subscription that grants it.

alter table users
  add column stripe_customer_id text unique,
  add column name text,
  add column email text;

create table subscriptions (
  id text primary key, -- Stripe's subscription id
  user_id uuid not null references users (id) on delete cascade,
  price_id text not null,
  -- Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, ...
  status text not null,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  -- Set by invoice.payment_failed, cleared by invoice.paid: the dashboard's "fix payment" banner.
  payment_failed_at timestamptz,
  payment_fix_url text,
  payment_state_at timestamptz, -- when the last invoice event we applied happened
  -- When Stripe's state in this row was true (the event's created time, or when we fetched it):
  -- an older event never overwrites a newer state.
  state_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscriptions_user_id_idx on subscriptions (user_id);

-- The subscription that grants the user's current plan (none for the free plan or no plan).
alter table users
  add column subscription_id text references subscriptions (id) on delete set null;

-- Every webhook event id, stored once, so that Stripe's retries and replays change nothing.
create table stripe_events (
  id text primary key,
  type text not null,
  created_at timestamptz not null,
  received_at timestamptz not null default now()
);
