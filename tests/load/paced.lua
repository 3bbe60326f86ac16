-- wrk script for the discovery benchmark. wrk only runs closed loops; this paces it to a fixed
-- request rate (each send claims the next slot of a fixed schedule, so a stall is followed by a
-- catch-up burst, as arriving customers would cause) and rotates over a list of paths.
-- Arguments after "--": <file with one path per line> <requests per second for this thread>.
-- Prints one line "WRK {json}" at the end with the latency percentiles in microseconds.
local ffi = require('ffi')
ffi.cdef([[
typedef struct { long tv_sec; long tv_nsec; } paced_timespec;
int clock_gettime(int clock_id, paced_timespec *tp);
]])
local CLOCK_MONOTONIC = 1
local ts = ffi.new('paced_timespec')
local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local paths = {}
local next_path = 0
local interval_ms = 1
local next_slot = nil

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  interval_ms = 1000 / tonumber(args[2])
end

function request()
  next_path = next_path % #paths + 1
  return wrk.format('GET', paths[next_path])
end

function delay()
  local now = now_ms()
  next_slot = (next_slot or now) + interval_ms
  local wait = next_slot - now
  if wait <= 0 then return 0 end
  return math.floor(wait)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"duration_us":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,' ..
      '"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\n',
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
