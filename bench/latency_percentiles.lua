-- latency_percentiles.lua: wrk prints one line of latency percentiles in milliseconds
-- (p50 to p99.99, max, mean, sd), for bench/latency_ab.sh. No request or response hook, so
-- wrk does no more work per answer than without a script.
done = function(summary, latency, requests)
  local out = {}
  for _, p in ipairs({50, 75, 90, 95, 98, 99, 99.5, 99.9, 99.99}) do
    out[#out + 1] = string.format("p%s=%.2f", p, latency:percentile(p) / 1000)
  end
  out[#out + 1] = string.format("max=%.2f mean=%.2f sd=%.2f", latency.max / 1000, latency.mean / 1000, latency.stdev / 1000)
  io.write(table.concat(out, " ") .. "\n")
end
