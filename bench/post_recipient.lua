-- wrk script: POST one new recipient per request, each with a unique email.
-- Usage: wrk ... -s post_recipient.lua <url> -- <unique run tag>
-- The Authorization and Content-Type headers come from wrk's -H options.

local threads = 0

function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end

function init(args)
  tag = args[1] or "run"
  counter = 0
end

function request()
  counter = counter + 1
  local body = string.format(
    '{"email":"w-%s-%d-%d@bench.example","name":"Bench Writer","recipientData":{"seat":"W%d"}}',
    tag, tid, counter, counter)
  return wrk.format("POST", nil, nil, body)
end
