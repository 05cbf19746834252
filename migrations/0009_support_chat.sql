-- The support chat: one conversation per visitor (a signed-in user, or an anonymous browser's
-- random id kept in a signed cookie) and its messages. A message is read when the other side has
-- seen it: the visitor's messages by the support admin, support's replies by the visitor.

create table chat_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users (id) on delete cascade,
  visitor_id uuid,
  user_name text check (char_length(user_name) <= 80),
  user_email text check (char_length(user_email) <= 254),
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  check ((user_id is null) <> (visitor_id is null))
);
create unique index chat_sessions_user_id_key on chat_sessions (user_id) where user_id is not null;
create unique index chat_sessions_visitor_id_key on chat_sessions (visitor_id)
  where visitor_id is not null;
create index chat_sessions_last_message_at_idx on chat_sessions (last_message_at desc);

create table chat_messages (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references chat_sessions (id) on delete cascade,
  sender text not null check (sender in ('user', 'support')),
  text text not null check (char_length(text) between 1 and 2000),
  current_page text check (char_length(current_page) <= 500),
  reply_to_message_id uuid references chat_messages (id) on delete set null,
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
create index chat_messages_session_id_idx on chat_messages (session_id, created_at);
