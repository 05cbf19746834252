-- What is kept of a deleted account (decision 0027): what Stripe, an accountant or a tax
-- authority may ask about, and nothing that names the person (no phone number, name, email or
-- user id). Everything else of the account is deleted with it.
create table deleted_accounts (
  id uuid primary key default gen_random_uuid(),
  deleted_at timestamptz not null default now(),
  -- Stripe keeps the customer and its invoices; a question about them reaches us by this id.
  stripe_customer_id text unique,
  -- A paid subscription was live and was ended at once, without credit, with the account.
  subscription_cancelled boolean not null,
  -- The plan the account was on; no reference, since a plan may be retired.
  plan_id text
);
