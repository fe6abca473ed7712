-- wrk script of the console scenario: prints the 95th percentile, which wrk's --latency lacks.
done = function(summary, latency, requests)
  io.write(string.format("P95_US %d\n", latency:percentile(95)))
end
