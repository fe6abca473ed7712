-- wrk script: GET one holder card page per request, rotating over many card codes.
-- Usage: wrk ... -s holder_page.lua http://host:port/c/ -- <file with one code per line>
-- Each thread starts at its own place in the list, so the threads do not open the same card at once.

local threads = 0

function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end

function init(args)
  codes = {}
  for line in io.lines(args[1]) do
    if #line > 0 then
      codes[#codes + 1] = line
    end
  end
  counter = math.floor(#codes * tid / 4)
end

function request()
  counter = counter + 1
  return wrk.format("GET", wrk.path .. codes[(counter % #codes) + 1])
end
