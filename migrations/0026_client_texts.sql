-- Texts to a travel agent's client (issue 31, decision 0035). An opening an alert texts to both
-- the agent and the client is two rows, one per recipient, each with its own short link; the
-- consent text asks a client's phone to reply YES before anything else is sent to it.

alter table notifications
  add column recipient text not null default 'agent' check (recipient in ('agent', 'client')),
  -- The client a text went to, or was about (kept as history; null once the client is deleted).
  add column client_id uuid references clients (id) on delete set null;

-- One text per alert, opening's life and recipient; one price text per alert, price and recipient.
drop index notifications_opening_once_idx;
create unique index notifications_opening_once_idx
  on notifications (alert_kind, alert_id, opening_id, recipient);
drop index notifications_price_once_idx;
create unique index notifications_price_once_idx on notifications (alert_id, opening_key, recipient)
  where purpose = 'price';

alter table notifications drop constraint notifications_purpose_check,
  add constraint notifications_purpose_check check (purpose in
    ('opening', 'summary', 'price', 'test', 'plan-end', 'quiet-hours', 'consent')),
  -- The consent text goes to a client; a text to a client names it when sent.
  add constraint notifications_consent_check check (purpose <> 'consent' or recipient = 'client');

-- A client's report reads its texts.
create index notifications_client_idx on notifications (client_id, created_at desc)
  where client_id is not null;
