"""Journey scenarios of the benchmark suite: campaign statistics at 1,000,000 recipients and the
holder's card page with and without the recording of holder activity. See bench/README.md.

Setup shortcut: the statistics campaign's recipients are written by set-based SQL
(generate_series) in the shapes the service writes them itself: recipients with their history,
wallet cards, provider and local wallet objects, journey milestones, journey events and the
folded journey counters. A million adds through the API take longer than a benchmark run on a
shared machine may; the endpoint reads counters, and the tables it and the card page read are
as large as a real campaign of that size makes them.
"""

import datetime
import os
import secrets
import shutil
import statistics
import zoneinfo

import floors
from console import Console

# Shares of the seeded recipients by i % 20: 0-1 only added (card created), 2-5 invited,
# 6-9 opened and handed over, 10-18 installed, 19 installed and removed again. Even i use
# alpha, odd i beta. Bits as journey.Milestones: 1 added, 2 card created, 4 invited, 8 opened,
# 16 installed, 32 removed; handed over 256 (alpha) / 512 (beta); removed at 65536 / 131072;
# installed_now 1 (alpha) / 2 (beta).
SEED_SQL = """
BEGIN;
CREATE TEMP TABLE seed ON COMMIT DROP AS
SELECT i, md5('{tag}' || i) AS h, i % 20 AS k, CASE WHEN i % 2 = 0 THEN 'alpha' ELSE 'beta' END AS p,
       CASE WHEN i % 2 = 0 THEN 0 ELSE 1 END AS o,
       now() - make_interval(days => i % 30, secs => (i % 3600)) AS t0
FROM generate_series(1, {n}) AS i;
ALTER TABLE seed ADD COLUMN status VARCHAR(20);
UPDATE seed SET status = CASE WHEN k < 2 THEN 'created' WHEN k < 10 THEN 'invited'
                              WHEN k < 19 THEN 'active' ELSE 'removed' END;
INSERT INTO recipients (id, organization_id, campaign_id, email, live_email, name, external_id, recipient_data,
                        status, wallet_card_id, invite_on_create, content_version, created_at, updated_at)
SELECT 'rcp_' || substr(h, 1, 28), '{org}', '{cid}', '{tag}-' || i || '@bench.example',
       '{tag}-' || i || '@bench.example', 'Recipient ' || i, 'ext-' || i, '{{"seat":"S' || i || '"}}',
       status, 'card_' || substr(h, 1, 28), FALSE, 1, t0 - interval '1 hour', t0
FROM seed;
INSERT INTO recipient_history (id, organization_id, recipient_id, status, reason, at)
SELECT 'rh_' || substr(h, 1, 28) || x, '{org}', 'rcp_' || substr(h, 1, 28), 'created',
       CASE WHEN x = 'b' THEN 'card created' END, t0 - interval '1 hour'
FROM seed CROSS JOIN (VALUES ('a'), ('b')) AS v(x);
INSERT INTO wallet_cards (id, organization_id, campaign_id, recipient_id, lifecycle, final_status, status,
                          download_code, barcode_value, content_version, created_at, updated_at)
SELECT 'card_' || substr(h, 1, 28), '{org}', '{cid}', 'rcp_' || substr(h, 1, 28), 'created', NULL, status,
       'sd' || substr(h, 1, 30), substr(md5(h), 1, 16), 2, t0 - interval '1 hour', t0
FROM seed;
INSERT INTO provider_objects (wallet_card_id, provider, organization_id, object_ref, installed, ever_installed,
                              voided, last_event_at, content_version, updated_at)
SELECT 'card_' || substr(h, 1, 28), q, '{org}', q || '_' || substr(h, 1, 28), status = 'active' AND q = p,
       k >= 10 AND q = p, FALSE, CASE WHEN k >= 10 AND q = p THEN t0 END, 2, t0
FROM seed CROSS JOIN (VALUES ('alpha'), ('beta')) AS v(q);
INSERT INTO local_wallet_objects (provider, object_ref, wallet_card_id, content_version, voided, updated_at)
SELECT q, q || '_' || substr(h, 1, 28), 'card_' || substr(h, 1, 28), 2, FALSE, t0
FROM seed CROSS JOIN (VALUES ('alpha'), ('beta')) AS v(q);
INSERT INTO journey_milestones (recipient_id, organization_id, campaign_id, reached, installed_now, devices,
                                opened_count, deleted)
SELECT 'rcp_' || substr(h, 1, 28), '{org}', '{cid}',
       3 + CASE WHEN k >= 2 THEN 4 ELSE 0 END + CASE WHEN k >= 6 THEN 8 + (256 << o) ELSE 0 END
         + CASE WHEN k >= 10 THEN 16 ELSE 0 END + CASE WHEN k = 19 THEN 32 + (65536 << o) ELSE 0 END,
       CASE WHEN k BETWEEN 10 AND 18 THEN 1 << o ELSE 0 END, 0, CASE WHEN k >= 6 THEN 1 ELSE 0 END, FALSE
FROM seed;
INSERT INTO journey_events (organization_id, campaign_id, recipient_id, event_type, provider, occurred_at, detail)
SELECT '{org}', '{cid}', 'rcp_' || substr(h, 1, 28), e.type, CASE WHEN e.per_provider THEN p END,
       t0 + make_interval(mins => e.step), e.detail
FROM seed JOIN (VALUES ('invited', 0, 2, 20, FALSE, '{{}}'), ('email_sent', 1, 2, 20, FALSE, '{{}}'),
                       ('opened', 2, 6, 20, FALSE, '{{"device":"ios","count":1}}'),
                       ('handed_over', 3, 6, 20, TRUE, '{{"device":"ios"}}'),
                       ('installed', 4, 10, 20, TRUE, '{{}}'), ('removed', 5, 19, 20, TRUE, '{{}}'))
     AS e(type, step, from_k, to_k, per_provider, detail) ON k >= e.from_k AND k < e.to_k;
INSERT INTO journey_counts (campaign_id, metric, on_day, n, folded)
SELECT '{cid}', m.metric, NULL, count(*), TRUE
FROM journey_milestones j JOIN (VALUES ('added', 1), ('cardCreated', 2), ('invited', 4), ('opened', 8),
     ('installed', 16), ('removed', 32), ('alpha.handedOver', 256), ('beta.handedOver', 512),
     ('alpha.removed', 65536), ('beta.removed', 131072)) AS m(metric, bit) ON j.reached & m.bit <> 0
WHERE j.campaign_id = '{cid}' GROUP BY m.metric;
INSERT INTO journey_counts (campaign_id, metric, on_day, n, folded)
SELECT '{cid}', m.metric, NULL, count(*), TRUE
FROM journey_milestones j JOIN (VALUES ('alpha.installed', 1), ('beta.installed', 2)) AS m(metric, bit)
     ON j.installed_now & m.bit <> 0
WHERE j.campaign_id = '{cid}' GROUP BY m.metric;
INSERT INTO journey_counts (campaign_id, metric, on_day, n, folded)
SELECT '{cid}', event_type, (occurred_at AT TIME ZONE '{zone}')::date, count(*), TRUE
FROM journey_events WHERE campaign_id = '{cid}' AND event_type IN ('invited', 'opened', 'installed', 'removed')
GROUP BY event_type, (occurred_at AT TIME ZONE '{zone}')::date;
INSERT INTO journey_counts (campaign_id, metric, on_day, n, folded)
SELECT '{cid}', provider || '.' || event_type, (occurred_at AT TIME ZONE '{zone}')::date, count(*), TRUE
FROM journey_events WHERE campaign_id = '{cid}' AND event_type IN ('installed', 'removed') AND provider IS NOT NULL
GROUP BY provider, event_type, (occurred_at AT TIME ZONE '{zone}')::date;
COMMIT;
"""


# Funnel the seed must show through the API, as shares of n by i % 20 (see SEED_SQL).
def expected_funnel(n):
    def share(lo, hi):
        return sum(1 for i in range(1, n + 1) if lo <= i % 20 < hi)
    return {"added": n, "cardCreated": n, "invited": share(2, 20), "opened": share(6, 20),
            "installed": share(10, 20), "removed": share(19, 20), "revoked": 0}


class Journeys:
    def __init__(self, bench, log, wrk, Service, free_port, OUT, BENCH):
        self.b, self.log, self.wrk = bench, log, wrk
        self.Service, self.free_port, self.OUT, self.BENCH = Service, free_port, OUT, BENCH

    def run(self, only):
        b = self.b
        self.cid = b.api.campaign("Statistics at scale")
        self.zone = zone = b.api.ok("GET", f"/v1/campaigns/{self.cid}").get("timezone") or "UTC"
        n = b.a.stats_size
        path = os.path.join(self.OUT, "seed.sql")
        with open(path, "w") as f:
            f.write(SEED_SQL.format(n=n, org=b.org, cid=self.cid, tag="st" + secrets.token_hex(3), zone=zone))
        self.log(f"seeding {n:,} recipients of campaign {self.cid} by SQL")
        seconds = b.pg.script(path)
        b.pg.sql("VACUUM ANALYZE")
        sizes = b.pg.sql("SELECT string_agg(relname || ' ' || n_live_tup, ', ' ORDER BY relname) FROM pg_stat_user_tables "
                         "WHERE relname IN ('recipients', 'wallet_cards', 'provider_objects', 'journey_milestones', "
                         "'journey_events', 'journey_counts')")
        b.notes.append(f"Journey scenarios: {n:,} recipients seeded by set-based SQL in {seconds:.0f} s (rows: {sizes}).")
        funnel = b.api.ok("GET", f"/v1/campaigns/{self.cid}/stats")["funnel"]
        want = expected_funnel(n)
        if funnel != want:
            raise RuntimeError(f"the seeded campaign's funnel is {funnel}, expected {want}")
        self.log(f"seeded in {seconds:.0f} s; the stats endpoint shows {funnel}")
        if "stats" in only:
            self.stats(n)
        if "holder" in only:
            self.holder(n)
        if "console" in only:
            Console(self.b, self.log, self.BENCH, self.OUT).run(self.cid, n, self.zone)

    def stats(self, n):
        """The statistics endpoint at 32 connections (throughput, against hello at 32) and at 2
        (latency: with 32 connections on a 2-core machine a p99 is mostly the queue in front of it)."""
        b, url, dur = self.b, f"http://127.0.0.1:{self.b.port}", self.b.a.duration
        auth = "Authorization: Bearer " + b.key
        default = f"/v1/campaigns/{self.cid}/stats"
        runs = {"default": (default, 32), "range": (default + "?from=2026-01-01&to=2026-12-31", 32),
                "latency": (default, 2)}
        for p, c in runs.values():
            self.wrk(url + p, c, b.a.warmup, [auth])
        rows = {k: [] for k in ("hello", "hello2", *runs)}
        c0 = b.service.cpu_seconds()
        # Database floors: the statements of each request (floors.stats_script), by pgbench at the
        # request's connections, after the wrk runs of each repetition.
        today = datetime.datetime.now(zoneinfo.ZoneInfo(self.zone)).date()
        floor_scripts = {"default": floors.stats_script(b.org, self.cid, today - datetime.timedelta(days=29), today),
                         "range": floors.stats_script(b.org, self.cid, "2026-01-01", "2026-12-31")}
        floor_scripts["latency"] = floor_scripts["default"]
        floor_runs = {k: [] for k in runs} if shutil.which("pgbench") else None
        for rep in range(b.reps):
            rows["hello"].append(self.wrk(f"{url}/bench/hello", 32, dur))
            rows["hello2"].append(self.wrk(f"{url}/bench/hello", 2, dur))
            for key, (p, c) in runs.items():
                rows[key].append(self.wrk(url + p, c, dur, [auth]))
            if floor_runs is not None:
                for key, (p, c) in runs.items():
                    floor_runs[key].append(floors.pgbench(b.pg, "stats-" + key, floor_scripts[key], c, dur, self.OUT))
            self.log("stats rep {}: hello {:.0f}/s, 30 days {:.0f}/s p99 {} ms, a year {:.0f}/s p99 {} ms, "
                     "2 connections {:.0f}/s p99 {} ms".format(
                         rep, rows["hello"][-1]["rps"], rows["default"][-1]["rps"], rows["default"][-1]["p99_ms"],
                         rows["range"][-1]["rps"], rows["range"][-1]["p99_ms"], rows["latency"][-1]["rps"],
                         rows["latency"][-1]["p99_ms"]))
        cpu = round((b.service.cpu_seconds() - c0) / 3, 1)
        for key, base_key, name in (
                ("default", "hello", f"Stats: GET campaign stats (last 30 days), {n:,} recipients, 32 connections"),
                ("range", "hello", f"Stats: GET campaign stats from/to a year (365 days), {n:,} recipients, 32 connections"),
                ("latency", "hello2", f"Stats: GET campaign stats (last 30 days), {n:,} recipients, 2 connections")):
            svc, base = rows[key], rows[base_key]
            bad = sum(r["non2xx"] + r["socket_errors"] for r in svc)
            p99 = statistics.median([r["p99_ms"] for r in svc])
            p50 = statistics.median([r["p50_ms"] for r in svc])
            ratio = round(statistics.median([s["rps"] / h["rps"] for s, h in zip(svc, base)]), 3)
            extra = {"serviceRuns": svc, "baselineRuns": base, "p99Ms": p99, "p50Ms": p50}
            floor_detail = floors.summary(floor_runs[key] if floor_runs else None, svc, base, extra)
            b.result(name, "req/s", round(statistics.median([h["rps"] for h in base])),
                     round(statistics.median([s["rps"] for s in svc])), ratio, "p99 <= 50 ms", p99 <= 50 and bad == 0,
                     b.reps, cpu, f"baseline hello at the same connections; p50 {p50:.1f} ms, p99 {p99:.1f} ms "
                     f"(hello p50 {statistics.median([h['p50_ms'] for h in base]):.1f} ms, p99 "
                     f"{statistics.median([h['p99_ms'] for h in base]):.1f} ms)" + (f", {bad} errors" if bad else "")
                     + floor_detail, extra=extra)

    def holder(self, n):
        """The card page over many codes, served by the run's service (recording on) and by a second
        process on the same database with WALLET_JOURNEY_RECORD_HOLDER_ACTIVITY=false, alternating."""
        b = self.b
        codes = b.pg.sql(f"SELECT download_code FROM wallet_cards WHERE campaign_id = '{self.cid}' "
                         f"ORDER BY id LIMIT {b.a.holder_codes}").split()
        codes_file = os.path.join(self.OUT, "holder-codes.txt")
        with open(codes_file, "w") as f:
            f.write("\n".join(codes) + "\n")
        port = self.free_port()
        env = dict(b.service.env, WALLET_PORT=str(port), WALLET_JOURNEY_RECORD_HOLDER_ACTIVITY="false",
                   WALLET_DATA_DIR=os.path.join(self.OUT, "data-off"))
        off = self.Service(b.service.cmd[0], b.service.cmd[b.service.cmd.index("-jar") + 1],
                           b.service.cmd[1:b.service.cmd.index("-jar")], port, env,
                           os.path.join(self.OUT, "service-off.log"))
        try:
            off.start()
            script = os.path.join(self.BENCH, "holder_page.lua")
            urls = {"on": f"http://127.0.0.1:{b.port}/c/", "off": f"http://127.0.0.1:{port}/c/"}
            headers = ["Accept: text/html", "User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"]
            # A page (template, barcode) is far more code to compile than a read, and the second
            # process starts cold here: without a long warm-up of both the first repetitions
            # compared a warm process with a cold one (--holder-warmup).
            for key, u in urls.items():
                self.wrk(u, 16, b.a.holder_warmup, headers, script, [codes_file])
            recorded0 = self.recorded()
            rows = self.alternate(urls, headers, script, codes_file, "holder")
            recorded = self.recorded() - recorded0
            # One card's page from 16 connections at once: every view of it records against the
            # same recipient, the case in which a per-view row lock makes the views queue.
            one_file = os.path.join(self.OUT, "holder-one-code.txt")
            with open(one_file, "w") as f:
                f.write(codes[0] + "\n")
            one = self.alternate(urls, headers, script, one_file, "one card")
        finally:
            off.stop()
        self.report(f"Holder: GET /c/<code> over {len(codes):,} codes, recording on vs off, 16 connections", rows,
                    f"; {recorded:,} page views recorded")
        self.report("Holder: GET /c/<code> of one card, recording on vs off, 16 connections", one, "")

    def alternate(self, urls, headers, script, codes_file, label):
        """Runs of the recording and the non-recording process, alternating which goes first, so
        that neither always meets the machine as the other left it."""
        b, rows = self.b, {"on": [], "off": []}
        for rep in range(b.reps):
            for key in (("on", "off") if rep % 2 == 0 else ("off", "on")):
                rows[key].append(self.wrk(urls[key], 16, b.a.duration, headers, script, [codes_file]))
            self.log("{} rep {}: recording on {:.0f}/s p99 {} ms, off {:.0f}/s p99 {} ms".format(
                label, rep, rows["on"][-1]["rps"], rows["on"][-1]["p99_ms"], rows["off"][-1]["rps"],
                rows["off"][-1]["p99_ms"]))
        return rows

    def recorded(self):
        """The campaign's journey events, and the holder facts appended but not folded yet (the
        table exists from V50 on)."""
        b = self.b
        events = b.pg.scalar(f"SELECT count(*) FROM journey_events WHERE campaign_id = '{self.cid}'")
        if b.pg.scalar("SELECT count(*) FROM information_schema.tables WHERE table_name = 'journey_facts'"):
            events += b.pg.scalar(f"SELECT count(*) FROM journey_facts WHERE campaign_id = '{self.cid}'")
        return events

    def report(self, name, rows, note):
        b = self.b
        on, base = rows["on"], rows["off"]
        bad = sum(r["non2xx"] + r["socket_errors"] for r in on + base)
        ratio = round(statistics.median([s["rps"] / h["rps"] for s, h in zip(on, base)]), 3)
        p99_on = statistics.median([r["p99_ms"] for r in on])
        p99_off = statistics.median([r["p99_ms"] for r in base])
        b.result(name, "req/s", round(statistics.median([r["rps"] for r in base])),
                 round(statistics.median([r["rps"] for r in on])), ratio, "reported (no target)", bad == 0, b.reps,
                 None, f"baseline: a second service process with WALLET_JOURNEY_RECORD_HOLDER_ACTIVITY=false on the "
                 f"same database; p99 on {p99_on:.1f} ms, off {p99_off:.1f} ms{note}"
                 + (f", {bad} errors" if bad else ""),
                 extra={"serviceRuns": on, "baselineRuns": base, "p99Ms": p99_on, "p99OffMs": p99_off})
