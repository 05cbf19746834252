-- Walt Disney World's multi-resort availability call is an endpoint family of its own (issue 29):
-- its breaker opens apart from the room-level calls', and its openings are incidents too.
alter table incidents
  drop constraint incidents_family_check,
  add constraint incidents_family_check
    check (family in ('dining', 'wdw-hotel', 'dlr-hotel', 'wdw-all-resorts'));
