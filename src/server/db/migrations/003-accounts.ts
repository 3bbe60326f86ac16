// Schema owned by the accounts module: sign-in sessions and refresh tokens, one-time passwords,
// rate-limit counters shared by every API process, the dev SMS outbox, and saved addresses.
export const sql = /* sql */ `
-- One row per sign-in (a refresh-token family). Access tokens carry its id (sid) and are refused
-- as soon as revoked_at is set, so logout and account removal take effect at once everywhere.
create table auth_sessions (
  id text primary key,
  user_id integer not null,
  created_at timestamptz not null default now(),
  last_refreshed_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text
);
create index auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null;

-- Opaque refresh tokens, stored as sha256 hashes; each is single use. parent_id links a rotated
-- token to the one it replaced; access_iat/access_jti let a replay inside the grace window answer
-- with the identical access token.
create table refresh_tokens (
  id bigserial primary key,
  session_id text not null references auth_sessions(id) on delete cascade,
  token_hash text not null unique,
  parent_id bigint,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  access_iat bigint not null,
  access_jti text not null
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);
create index refresh_tokens_parent_idx on refresh_tokens (parent_id);

-- One-time passwords: HMAC of the code, bound to a phone number and a purpose (and for a phone
-- change to the user asking). payload holds a pending sign-up (password hash, name, email).
create table otp_codes (
  id bigserial primary key,
  phone_number text not null,
  purpose text not null check (purpose in ('signup', 'reset', 'phone_change')),
  user_id integer,
  code_hash text not null,
  payload jsonb,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index otp_codes_lookup_idx on otp_codes (phone_number, purpose, created_at desc);

-- Fixed-window counters for per-number and per-IP limits, in the database so they hold across
-- processes. window_start is epoch seconds.
create table rate_limits (
  bucket text not null,
  window_start bigint not null,
  count integer not null default 0,
  primary key (bucket, window_start)
);

-- Messages the console SMS provider "sent" (development and tests only).
create table sms_outbox (
  id bigserial primary key,
  to_number text not null,
  text text not null,
  purpose text,
  created_at timestamptz not null default now()
);
create index sms_outbox_to_idx on sms_outbox (to_number, id desc);

create table addresses (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  address text not null,
  flat text not null,
  landmark text not null,
  address_type text not null check (address_type in ('home', 'work', 'other')),
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  address_components jsonb not null default '[]',
  place_id text not null default '',
  created_at timestamptz not null default now()
);
create index addresses_user_idx on addresses (user_id, id desc);

create index users_removal_due_idx on users (removal_requested_at)
  where removal_requested_at is not null and anonymised_at is null;
`;
