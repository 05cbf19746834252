-- Twilio's error code for a text it could not deliver (30003, 30007, ...), kept as a number so
-- the dashboard can say the carrier's reason in words; `error` keeps the full message.
alter table notifications add column error_code integer;
