#!/usr/bin/env python3
"""Times one bulk add against a running service: how long the request takes to be accepted, and
how long until every card of it is `created`.

Usage: WALLET_BASE_URL=http://127.0.0.1:8080 WALLET_API_KEY=wk_... python3 scripts/bulk-timing.py [count] [runs]
"""
import json
import os
import statistics
import sys
import time
import urllib.request
import uuid

BASE = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:8080").rstrip("/") + "/v1"
KEY = os.environ["WALLET_API_KEY"]


def call(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(BASE + path, data=data, method=method, headers={
        "Authorization": "Bearer " + KEY, "Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as resp:
        return json.loads(resp.read())["data"]


def one_run(count):
    campaign = call("POST", "/campaigns", {"name": "bulk timing", "campaignType": "event", "campaignData": {}})["id"]
    items = [{"email": f"p{i}.{uuid.uuid4().hex[:8]}@example.com", "name": f"Person {i}"} for i in range(count)]
    t0 = time.perf_counter()
    result = call("POST", f"/campaigns/{campaign}/recipients/bulk", {"recipients": items, "sendEmail": False})
    accepted = time.perf_counter() - t0
    assert result["created"] == count, result
    while call("GET", f"/campaigns/{campaign}/recipients?status=created&limit=1")["pagination"]["total"] < count:
        time.sleep(0.05)
    return accepted, time.perf_counter() - t0


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    one_run(count)  # warm-up
    results = [one_run(count) for _ in range(runs)]
    accepted = [a for a, _ in results]
    ready = [r for _, r in results]
    print(f"{count} recipients, {runs} runs after one warm-up")
    print(f"accepted: median {statistics.median(accepted) * 1000:.0f} ms (min {min(accepted) * 1000:.0f}, max {max(accepted) * 1000:.0f})")
    print(f"all cards created: median {statistics.median(ready) * 1000:.0f} ms (min {min(ready) * 1000:.0f}, max {max(ready) * 1000:.0f})")


if __name__ == "__main__":
    main()
