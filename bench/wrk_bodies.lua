-- wrk script: POST the lines of a JSON-lines file (one request body per line) in turn, the threads
-- splitting the list between them from OFFSET on, so that no body is sent twice while the list
-- lasts; at the end print one machine-readable summary line (WRK_JSON {...}).
--   wrk -t2 -c32 -d10s -s bench/wrk_bodies.lua http://127.0.0.1:8000/v1/score -- BODIES [THREADS [OFFSET]]
local reqs = {}
local n = 0
local i = 0
local counter = 0
local step = 1

function setup(thread)
  thread:set("thread_index", counter)
  counter = counter + 1
end

function init(args)
  local path = args[1] or error("usage: wrk ... -s wrk_bodies.lua URL -- BODIES.jsonl")
  local headers = { ["Content-Type"] = "application/json" }
  for line in io.lines(path) do
    if #line > 0 then
      n = n + 1
      reqs[n] = wrk.format("POST", nil, headers, line)
    end
  end
  if n == 0 then error("no request bodies in " .. path) end
  local threads = tonumber(args[2] or "1")
  local offset = tonumber(args[3] or "0")
  -- thread k of t takes bodies offset + k, offset + k + t, ...: together they walk the list once
  i = offset + (thread_index or 0)
  step = threads
end

function request()
  local r = reqs[i % n + 1]
  i = i + step
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect_errors":%d,"read_errors":%d,' ..
    '"write_errors":%d,"status_errors":%d,"timeouts":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,' ..
    '"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
