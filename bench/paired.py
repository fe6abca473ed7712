#!/usr/bin/env python3
"""Paired comparison of two service jars on one read path (see bench/README.md, "Fewer request
wrappers"): both jars run at once, each on its own new PostgreSQL database, and their rounds are
interleaved, so that the machine's drift falls on both alike. Each round runs wrk on hello, then
on the read, against one jar, then the other (the order alternates). Reports, per jar, the medians
of the read's ratio to hello and of the service's CPU time per request (from /proc/<pid>/stat).

    python3 bench/paired.py JAR_A JAR_B [--rounds 8] [--path campaign|page]
"""
import argparse
import os
import secrets
import statistics

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


def prepare(service, key, path, pg):
    api = bench.Api(service.port, key)
    cid = api.campaign("Paired")
    url = f"http://127.0.0.1:{service.port}"
    if path == "page":
        api.ok("POST", f"/v1/campaigns/{cid}/recipients/bulk", bench.bulk_bodies("p-" + secrets.token_hex(3), 1000)[0])
        service.read = f"{url}/v1/campaigns/{cid}/recipients?limit=20&offset=500"
        bench.Postgres(pg.host, pg.port, pg.user, service.db).sql("VACUUM ANALYZE")
    else:
        service.read = f"{url}/v1/campaigns/{cid}"
    service.hello, service.auth = f"{url}/bench/hello", "Authorization: Bearer " + key
    for _ in range(2):  # warm-up
        bench.wrk(service.hello, 32, 8)
        bench.wrk(service.read, 32, 8, [service.auth])


def measure(service):
    c0 = service.cpu_seconds()
    hello = bench.wrk(service.hello, 32, ROUND_SECONDS)
    c1 = service.cpu_seconds()
    read = bench.wrk(service.read, 32, ROUND_SECONDS, [service.auth])
    c2 = service.cpu_seconds()
    return {"ratio": read["rps"] / hello["rps"], "p99": read["p99_ms"], "errors": read["non2xx"] + read["socket_errors"],
            "helloUs": (c1 - c0) / (hello["rps"] * ROUND_SECONDS) * 1e6,
            "readUs": (c2 - c1) / (read["rps"] * ROUND_SECONDS) * 1e6}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("jars", nargs=2)
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--path", choices=("campaign", "page"), default="campaign")
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
            prepare(service, key, a.path, pg)
        runs = {0: [], 1: []}
        for r in range(a.rounds):
            for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                m = measure(services[i])
                runs[i].append(m)
                bench.log(f"round {r} {'AB'[i]}: ratio {m['ratio']:.3f}, CPU per request: hello {m['helloUs']:.0f} µs, "
                          f"{a.path} {m['readUs']:.0f} µs, p99 {m['p99']} ms, {m['errors']} errors")
        for i in (0, 1):
            med = {k: statistics.median(m[k] for m in runs[i]) for k in ("ratio", "helloUs", "readUs", "p99")}
            errors = sum(m["errors"] for m in runs[i])
            print(f"{'AB'[i]} {a.jars[i]}: {a.path} ratio to hello {med['ratio']:.3f}; CPU per request: hello "
                  f"{med['helloUs']:.0f} µs, {a.path} {med['readUs']:.0f} µs; p99 {med['p99']:.1f} ms; {errors} errors")
    finally:
        for service in services:
            if service.proc:
                service.stop()
            pg.sql(f"DROP DATABASE IF EXISTS {service.db} WITH (FORCE)")


if __name__ == "__main__":
    main()
