#!/usr/bin/env python3
"""Paired comparison of two service jars on one read path (see bench/README.md, "Fewer request
wrappers"): both jars run at once, each on its own new PostgreSQL database, and their rounds are
interleaved, so that the machine's drift falls on both alike. Each round runs wrk on hello, then
on the read, against one jar, then the other (the order alternates). Reports, per jar, the medians
of the read's ratio to hello and of the service's CPU time per request (from /proc/<pid>/stat).

    python3 bench/paired.py JAR_A JAR_B [--rounds 8] [--path campaign|page|write]
        [--recipients 1000 --offset 500]  (the page's campaign and offset)
        [--connections 32]
"""
import argparse
import os
import secrets
import statistics
import time

import bench

ROUND_SECONDS = 5


def start(index, jar, java, admin, pg):
    out = os.path.join(bench.OUT, f"paired-{index}")
    os.makedirs(out, exist_ok=True)
    db = f"wallet_bench_{os.getpid()}_{index}"
    admin.sql(f"CREATE DATABASE {db}")
    key = "wk_bench_" + secrets.token_hex(24)
    port = bench.free_port()
    env = bench.service_env(port, bench.Postgres(pg.host, pg.port, pg.user, db), key, os.path.join(out, "data"))
    service = bench.Service(java, jar, bench.DEFAULT_JVM_FLAGS.split(), port, env, os.path.join(out, "service.log"))
    service.db, service.jar = db, jar
    return service, key


def prepare(service, key, path, pg, recipients, offset):
    api = bench.Api(service.port, key)
    cid = api.campaign("Paired")
    url = f"http://127.0.0.1:{service.port}"
    if path == "page":
        for body in bench.bulk_bodies("p-" + secrets.token_hex(3), recipients):
            api.ok("POST", f"/v1/campaigns/{cid}/recipients/bulk", body)
        service.read = f"{url}/v1/campaigns/{cid}/recipients?limit=20&offset={offset}"
        # Every card issued first: the card run rewrites each recipient, which would clear the
        # visibility map the VACUUM sets (as bench.py's read scenario does).
        deadline = time.time() + 120 + recipients / 100
        while api.ok("GET", f"/v1/campaigns/{cid}/recipients?status=created&limit=1")["pagination"]["total"] < recipients:
            if time.time() > deadline:
                raise SystemExit("the page campaign's cards were not issued in time")
            time.sleep(0.2)
        bench.Postgres(pg.host, pg.port, pg.user, service.db).sql("VACUUM ANALYZE")
    elif path == "write":
        service.read = f"{url}/v1/campaigns/{cid}/recipients"
    else:
        service.read = f"{url}/v1/campaigns/{cid}"
    service.hello, service.auth = f"{url}/bench/hello", "Authorization: Bearer " + key
    for _ in range(2):  # warm-up
        bench.wrk(service.hello, 32, 8)
        read(service, 32, 8)


def read(service, connections, seconds):
    """The measured request: a GET of service.read, or for writes a POST of a new recipient each time."""
    if service.read.endswith("/recipients"):
        return bench.wrk(service.read, connections, seconds, [service.auth, "Content-Type: application/json"],
                         os.path.join(bench.BENCH, "post_recipient.lua"), [secrets.token_hex(4)])
    return bench.wrk(service.read, connections, seconds, [service.auth])


def measure(service, connections):
    c0 = service.cpu_seconds()
    hello = bench.wrk(service.hello, connections, ROUND_SECONDS)
    c1 = service.cpu_seconds()
    read_run = read(service, connections, ROUND_SECONDS)
    c2 = service.cpu_seconds()
    return {"ratio": read_run["rps"] / hello["rps"], "rps": read_run["rps"], "p99": read_run["p99_ms"],
            "errors": read_run["non2xx"] + read_run["socket_errors"],
            "helloUs": (c1 - c0) / (hello["rps"] * ROUND_SECONDS) * 1e6,
            "readUs": (c2 - c1) / (read_run["rps"] * ROUND_SECONDS) * 1e6}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("jars", nargs=2)
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--path", choices=("campaign", "page", "write"), default="campaign")
    p.add_argument("--recipients", type=int, default=1000, help="the page's campaign size (default 1,000)")
    p.add_argument("--offset", type=int, default=500, help="the page's offset (default 500)")
    p.add_argument("--connections", type=int, default=32, help="wrk connections (default 32)")
    p.add_argument("--java", help="java executable (default: as bench.py)")
    a = p.parse_args()
    bench.ensure_wrk()
    java = a.java or bench.find_java()
    pg = bench.Postgres(os.environ.get("BENCH_PG_HOST", "127.0.0.1"), int(os.environ.get("BENCH_PG_PORT", "5432")),
                        os.environ.get("BENCH_PG_USER", "postgres"), "postgres")
    services = []
    try:
        for i, jar in enumerate(a.jars):
            service, key = start(i, jar, java, pg, pg)
            services.append(service)
            service.start()
            prepare(service, key, a.path, pg, a.recipients, a.offset)
        runs = {0: [], 1: []}
        for r in range(a.rounds):
            for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                m = measure(services[i], a.connections)
                runs[i].append(m)
                bench.log(f"round {r} {'AB'[i]}: ratio {m['ratio']:.3f}, CPU per request: hello {m['helloUs']:.0f} µs, "
                          f"{a.path} {m['readUs']:.0f} µs, p99 {m['p99']} ms, {m['errors']} errors")
        for i in (0, 1):
            med = {k: statistics.median(m[k] for m in runs[i]) for k in ("ratio", "rps", "helloUs", "readUs", "p99")}
            errors = sum(m["errors"] for m in runs[i])
            print(f"{'AB'[i]} {a.jars[i]}: {a.path} {med['rps']:.0f}/s, ratio to hello {med['ratio']:.3f}; CPU per request: hello "
                  f"{med['helloUs']:.0f} µs, {a.path} {med['readUs']:.0f} µs; p99 {med['p99']:.1f} ms; {errors} errors")
    finally:
        for service in services:
            if service.proc:
                service.stop()
            pg.sql(f"DROP DATABASE IF EXISTS {service.db} WITH (FORCE)")


if __name__ == "__main__":
    main()
