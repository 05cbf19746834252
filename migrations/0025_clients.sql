-- Travel agents' clients (issue 31, decision 0035). An account may keep clients, each alert may
-- belong to one, and an alert's texts may go to its client's phone once the client has agreed.

-- How many clients a plan may keep (0: none). The seed writes it (app/domain/plans.ts).
alter table plans add column client_limit integer not null default 0 check (client_limit >= 0);

create table clients (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  note text check (length(note) <= 500),
  -- E.164; texts go to it only once the client has replied YES to the consent text.
  phone_number text check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  email text check (length(email) <= 254),
  -- none: never asked; asked: the consent text went out; agreed: replied YES; stopped: STOP.
  consent text not null default 'none' check (consent in ('none', 'asked', 'agreed', 'stopped')),
  consent_changed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- An agent tells clients apart by name: one name once per account, whatever its case.
create unique index clients_user_name_idx on clients (user_id, lower(name));
-- A reply from a phone finds the clients it is (one phone may be several agents' client).
create index clients_phone_idx on clients (phone_number) where phone_number is not null;

-- Whose an alert is, and who its texts go to.
alter table hotel_alerts
  add column client_id uuid references clients (id) on delete set null,
  add column text_to text not null default 'agent' check (text_to in ('agent', 'client', 'both'));
alter table dining_alerts
  add column client_id uuid references clients (id) on delete set null,
  add column text_to text not null default 'agent' check (text_to in ('agent', 'client', 'both'));
create index hotel_alerts_client_idx on hotel_alerts (client_id) where client_id is not null;
create index dining_alerts_client_idx on dining_alerts (client_id) where client_id is not null;
