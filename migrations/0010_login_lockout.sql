-- Five wrong codes lock a number for a few minutes, not for the rest of an hour: a stranger who
-- guesses on purpose cannot keep its owner out for long (each code still gets at most five
-- tries, and a number at most five codes an hour).
alter table verification_codes add column locked_until timestamptz;
