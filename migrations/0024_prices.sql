-- Prices (issue 30, decision 0034). Disney's room-level answers price every bookable room; we
-- keep each question's prices as they change, a ceiling on hotel alerts, and watches on stays
-- already booked. Money is whole cents in US dollars (Disney's two US resorts price in dollars).

-- The prices each question's last answer showed, by Disney's room key (code at Walt Disney
-- World, room id at Disneyland): `{ key: [nightlyCents, totalCents, offerId|null] }`, read with
-- the claim, so an answer that changed nothing writes no price at all.
alter table questions add column prices jsonb not null default '{}'
  check (jsonb_typeof(prices) = 'object');

-- The history: one row per room whose price (or offer) changed, or which stopped being
-- bookable (prices null). Keyed by the question's key, not its id: a question no alert asks is
-- deleted, while the alert page and the hotel page still draw what it saw. A stay's rows go 30
-- days after its check-in, and rows older than PRICE_HISTORY_DAYS once a newer one says the same
-- room's price (maintenance).
create table price_changes (
  question_key text not null,
  resort_id uuid not null references resorts (id),
  check_in_date date not null,
  room_key text not null,
  seen_at timestamptz not null,
  nightly_cents integer check (nightly_cents >= 0),
  total_cents integer check (total_cents >= 0),
  offer_id text,
  offer_name text,
  check ((nightly_cents is null) = (total_cents is null)),
  primary key (question_key, room_key, seen_at)
);
create index price_changes_resort_idx on price_changes (resort_id, seen_at);
create index price_changes_seen_idx on price_changes (seen_at);
create index price_changes_stay_idx on price_changes (check_in_date);

-- A price ceiling (an opening above it is not texted), per night or for the stay, not both.
alter table hotel_alerts
  add column max_nightly_price_cents integer check (max_nightly_price_cents > 0),
  add column max_total_price_cents integer check (max_total_price_cents > 0),
  add constraint hotel_alerts_one_ceiling_check
    check (max_nightly_price_cents is null or max_total_price_cents is null);

-- A watch on a stay already booked: what was paid, how, and how much saving is worth a text;
-- then what was texted, so another text comes only for a further drop or a new offer.
alter table hotel_alerts
  add column watch text not null default 'availability' check (watch in ('availability', 'price')),
  add column paid_total_cents integer check (paid_total_cents > 0),
  add column rate_type text check (rate_type in ('room-only', 'package')),
  add column min_saving_cents integer check (min_saving_cents > 0),
  add column min_saving_percent integer check (min_saving_percent between 1 and 90),
  add column price_texted_cents integer,
  add column offers_texted text[] not null default '{}',
  add constraint hotel_alerts_price_watch_check check (
    case watch
      when 'price' then paid_total_cents is not null and rate_type is not null
        and (min_saving_cents is null) <> (min_saving_percent is null)
        and max_nightly_price_cents is null and max_total_price_cents is null
        and not split_stays and min_nights = max_nights and latest_check_in_date = check_in_date
      else paid_total_cents is null and rate_type is null and min_saving_cents is null
        and min_saving_percent is null and price_texted_cents is null
    end
  );

-- A price text is about a price, not an opening's life: many per alert, each once per price.
alter table notifications drop constraint notifications_purpose_check,
  add constraint notifications_purpose_check
    check (purpose in ('opening', 'summary', 'price', 'test', 'plan-end', 'quiet-hours')),
  drop constraint notifications_purpose_fields,
  add constraint notifications_purpose_fields check (
    case when purpose in ('opening', 'summary', 'price')
      then alert_kind is not null and alert_id is not null and opening_key is not null
        and booking_url is not null and seen_at is not null
      else alert_kind is null and alert_id is null and opening_key is null
        and booking_url is null and seen_at is null
    end
  );
create unique index notifications_price_once_idx on notifications (alert_id, opening_key)
  where purpose = 'price';
