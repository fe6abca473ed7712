#!/usr/bin/env python3
"""Benchmark suite of the Wallet Card Campaign Service.

Every figure is a ratio against a baseline measured in the same run, on the same machine and
the same PostgreSQL, so that noise from other work on the host moves both sides alike.
Standard library only; load for the HTTP scenarios comes from wrk. See bench/README.md.
"""

import argparse
import datetime
import glob
import http.client
import json
import os
import re
import queue
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

import console
import floors
from limits import Limits
from million import Million
from journeys import Journeys
from console_recipients import ConsoleRecipients
from soak import Soak, percentile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
OUT = os.path.join(ROOT, "target", "bench")
DEFAULT_JVM_FLAGS = "-Xms64m -Xmx256m -XX:+UseSerialGC -XX:MaxMetaspaceSize=160m -Xss512k -XX:TieredStopAtLevel=4"
PROVIDERS = ["alpha", "beta"]  # the benchmark campaigns target two providers: two objects per card
CLK_TCK = os.sysconf("SC_CLK_TCK")


def log(msg):
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def fail(msg):
    log("ERROR: " + msg)
    sys.exit(2)


# --------------------------------------------------------------------------------------------
# PostgreSQL


# The benchmarks measure the service, not a wallet protocol: every provider in its local mode
# (the service's defaults are the real protocols, contract §11).
LOCAL_MODES = {f"WALLET_PROVIDER_{name}_MODE": "local" for name in ("ALPHA", "BETA", "EUDIW")}


# Every client of a benchmark is on one address; the per-address limits of the public paths
# (docs/operations.md, "Rate limits") would measure the limiter, not the service.
UNLIMITED_PUBLIC_PATHS = {f"WALLET_RATE_LIMIT_{group}_{what}": "1000000"
                          for group in ("HOLDER", "OPENID4VCI", "CALLBACKS", "APPLE") for what in ("PER_SECOND", "BURST")}


# The console's owner, signed in by the console scenarios.
CONSOLE_OWNER = "bench-owner@example.com"
CONSOLE_PASSWORD = "bench-" + secrets.token_hex(12)
# The console scenarios (console.py, console_recipients.py) sign in as this owner.
console.EMAIL, console.PASSWORD = CONSOLE_OWNER, CONSOLE_PASSWORD


def service_env(port, pg, key, data_dir, **extra):
    """The environment of a service on database pg (a Postgres) with bootstrap key key, unthrottled."""
    return dict(os.environ, WALLET_PORT=str(port), WALLET_DATABASE_URL=f"jdbc:postgresql://{pg.host}:{pg.port}/{pg.db}",
                WALLET_DATABASE_USER=pg.user, WALLET_DATABASE_PASSWORD="", WALLET_BOOTSTRAP_API_KEY=key,
                WALLET_RATE_LIMIT_PER_SECOND="1000000", WALLET_DATA_DIR=data_dir, **UNLIMITED_PUBLIC_PATHS,
                **{**LOCAL_MODES, **extra})


class Postgres:
    def __init__(self, host, port, user, db):
        self.host, self.port, self.user, self.db = host, port, user, db

    def _cmd(self, db):
        return ["psql", "-h", self.host, "-p", str(self.port), "-U", self.user, "-d", db,
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"]

    def sql(self, text, db=None):
        r = subprocess.run(self._cmd(db or self.db) + ["-c", text], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"psql failed: {r.stderr.strip()}\n{text[:500]}")
        return r.stdout.strip()

    def script(self, path):
        """Runs a psql script (may hold \\copy); returns its wall time in seconds."""
        t0 = time.perf_counter()
        r = subprocess.run(self._cmd(self.db) + ["-f", path], capture_output=True, text=True)
        elapsed = time.perf_counter() - t0
        if r.returncode != 0:
            raise RuntimeError(f"psql script {path} failed: {r.stderr.strip()}")
        return elapsed

    def scalar(self, text):
        return int(self.sql(text) or 0)


# --------------------------------------------------------------------------------------------
# The service process


class Service:
    def __init__(self, java, jar, flags, port, env, log_path, extra_args=()):
        self.cmd = [java] + flags + ["-jar", jar, "--spring.profiles.active=bench"] + list(extra_args)
        self.port = port
        self.env = env
        self.log_path = log_path
        self.proc = None

    def start(self):
        log("starting: " + " ".join(self.cmd))
        self.log_file = open(self.log_path, "w")
        self.proc = subprocess.Popen(self.cmd, env=self.env, stdout=self.log_file, stderr=subprocess.STDOUT,
                                     cwd=OUT)
        deadline = time.time() + 180
        while time.time() < deadline:
            if self.proc.poll() is not None:
                fail(f"service exited with {self.proc.returncode}; see {self.log_path}")
            try:
                c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                # Ready, not only listening: the bootstrap key is created after the server starts
                # listening, and a request in between was refused with 401.
                c.request("GET", "/actuator/health/readiness")
                if c.getresponse().status == 200:
                    c.close()
                    log(f"service up (pid {self.proc.pid})")
                    return
            except OSError:
                pass
            time.sleep(0.5)
        fail("service did not start within 180 s; see " + self.log_path)

    def cpu_seconds(self):
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime + stime

    def status_kb(self, key):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
        return 0

    def settled_kb(self):
        """RSS and live heap (KB) right after a full collection: the same state at any moment, so two
        readings differ by what the service keeps, not by how much garbage it happens to hold."""
        jcmd = os.path.join(os.path.dirname(self.cmd[0]), "jcmd")
        pid = str(self.proc.pid)
        subprocess.run([jcmd, pid, "GC.run"], capture_output=True, timeout=60, check=True)
        info = subprocess.run([jcmd, pid, "GC.heap_info"], capture_output=True, text=True, timeout=60).stdout
        heap = sum(int(u) for u in re.findall(r"used (\d+)K", info.split("Metaspace")[0]))
        return self.status_kb("VmRSS"), heap

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc:
            self.log_file.close()


# --------------------------------------------------------------------------------------------
# HTTP


class Api:
    def __init__(self, port, key):
        self.port, self.key = port, key
        self.local = threading.local()

    def _conn(self):
        c = getattr(self.local, "conn", None)
        if c is None:
            c = self.local.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
        return c

    def call(self, method, path, body=None, extra_headers=None):
        headers = {"Authorization": "Bearer " + self.key, "Accept": "application/json", **(extra_headers or {})}
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(2):
            c = self._conn()
            try:
                c.request(method, path, body=data, headers=headers)
                r = c.getresponse()
                raw = r.read()
                return r.status, (json.loads(raw) if raw else None)
            except (http.client.HTTPException, ConnectionError):
                c.close()
                self.local.conn = None
                if attempt == 1:
                    raise

    def ok(self, method, path, body=None, expect=(200, 201)):
        status, doc = self.call(method, path, body)
        if status not in expect:
            raise RuntimeError(f"{method} {path} -> {status}: {json.dumps(doc)[:400]}")
        return doc["data"]

    def campaign(self, name):
        return self.ok("POST", "/v1/campaigns", {
            "name": name, "campaignType": "event",
            "campaignData": {"location": "Hall A", "start_time": "18:00", "end_time": "22:00"},
            "providerTypes": PROVIDERS})["id"]


def bulk_bodies(tag, size, per_call=1000):
    bodies = []
    for start in range(0, size, per_call):
        items = [{"email": f"{tag}-{n}@bench.example", "name": f"Recipient {n}", "externalId": f"ext-{n}",
                  "recipientData": {"seat": f"S{n}"}} for n in range(start, min(size, start + per_call))]
        bodies.append(json.dumps({"recipients": items, "sendEmail": False}).encode())
    return bodies


# --------------------------------------------------------------------------------------------
# wrk


def wrk(url, connections, duration, headers=(), script=None, script_args=()):
    cmd = ["wrk", "-t", "2", "-c", str(connections), "-d", f"{duration}s", "--latency", "--timeout", "10s"]
    for h in headers:
        cmd += ["-H", h]
    if script:
        cmd += ["-s", script]
    cmd.append(url)
    if script_args:
        cmd += ["--"] + list(script_args)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("wrk failed: " + r.stderr)
    out = r.stdout
    rps = p99 = p50 = None
    non2xx = errors = 0
    for line in out.splitlines():
        s = line.strip()
        if s.startswith("Requests/sec:"):
            rps = float(s.split()[1])
        elif s.startswith("99%"):
            p99 = to_ms(s.split()[1])
        elif s.startswith("50%"):
            p50 = to_ms(s.split()[1])
        elif s.startswith("Non-2xx or 3xx responses:"):
            non2xx = int(s.split(":")[1])
        elif s.startswith("Socket errors:"):
            errors = sum(int(p.split()[-1]) for p in s.split(":", 1)[1].split(","))
    return {"rps": rps, "p50_ms": p50, "p99_ms": p99, "non2xx": non2xx, "socket_errors": errors}


def to_ms(text):
    for unit, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    return float(text)


def ensure_wrk():
    if shutil.which("wrk"):
        return
    log("wrk is missing; trying apt-get install -y wrk")
    if shutil.which("apt-get") and os.geteuid() == 0:
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=False)
    if not shutil.which("wrk"):
        fail("wrk is required for the HTTP scenarios: install it (Debian/Ubuntu: apt-get install wrk) "
             "or run with --only bulk,propagation,fanout")


# --------------------------------------------------------------------------------------------
# The benchmark


class Bench:
    def __init__(self, a):
        self.a = a
        self.results = []
        self.notes = []
        self.size = a.size
        self.big_reps = a.big_reps
        self.reps = a.reps

    # ---- helpers

    def result(self, name, unit, baseline, service, ratio, target, passed, reps, cpu, detail=None,
               available=True, extra=None):
        r = {"scenario": name, "unit": unit, "baseline": baseline, "service": service, "ratio": ratio,
             "target": target, "result": ("PASS" if passed else "FAIL") if available else "NOT AVAILABLE",
             "repetitions": reps, "serviceCpuSeconds": cpu, "detail": detail or ""}
        if extra:
            r.update(extra)
        self.results.append(r)
        log(f"RESULT {name}: baseline={baseline} service={service} ratio={ratio} -> {r['result']} {r['detail']}")

    def wait_cards(self, campaign, expected, timeout):
        """Polls the API until `expected` recipients of the campaign have their card (status created)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            d = self.api.ok("GET", f"/v1/campaigns/{campaign}/recipients?status=created&limit=1")
            if d["pagination"]["total"] >= expected:
                return True
            time.sleep(0.1)
        return False

    def db_time(self):
        return self.pg.sql("SELECT now()")

    # ---- scenarios

    def bulk(self):
        n, reps = self.size, self.big_reps
        svc, base, self.bulk_campaigns, self.base_campaigns = [], [], [], []
        cpu0 = self.service.cpu_seconds()
        org = self.org
        for rep in range(reps):
            self.analyze()
            tag = f"b{rep}-{secrets.token_hex(3)}"
            cid = self.api.campaign(f"Bulk {rep}")
            bodies = bulk_bodies(tag, n)
            work = queue.Queue()
            for b in bodies:
                work.put(b)
            errors = []

            def client():
                while True:
                    try:
                        b = work.get_nowait()
                    except queue.Empty:
                        return
                    try:
                        d = self.api.ok("POST", f"/v1/campaigns/{cid}/recipients/bulk", b)
                        if d["failed"]:
                            errors.append(d["errors"][:1])
                    except Exception as e:  # noqa: BLE001 - reported below
                        errors.append(str(e))

            t0 = time.perf_counter()
            threads = [threading.Thread(target=client) for _ in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            if errors:
                fail(f"bulk add failed: {errors[:2]}; service exit code {self.service.proc.poll()}")
            accepted = time.perf_counter() - t0
            if not self.wait_cards(cid, n, self.a.timeout):
                fail(f"bulk add: cards not all created within {self.a.timeout} s")
            elapsed = time.perf_counter() - t0
            svc.append(elapsed)
            self.bulk_campaigns.append(cid)
            log(f"bulk rep {rep}: {n} recipients accepted in {accepted:.2f} s, all cards created in {elapsed:.2f} s")

            # Baseline: COPY of the same rows into the same tables, for a second campaign.
            bid = self.api.campaign(f"Bulk baseline {rep}")
            self.base_campaigns.append(bid)
            script = self.copy_files(org, bid, tag + "c", n)
            self.pg.sql("CHECKPOINT")
            bt = self.pg.script(script)
            base.append(bt)
            log(f"bulk baseline rep {rep}: COPY of the same rows in {bt:.2f} s")
        counts = self.row_counts(self.bulk_campaigns[-1]), self.row_counts(self.base_campaigns[-1])
        cpu = self.service.cpu_seconds() - cpu0
        ms, mb = statistics.median(svc), statistics.median(base)
        ratio = round(statistics.median([s / b for s, b in zip(svc, base)]), 2)
        self.result(f"Bulk add {n:,} recipients (1,000/call, 2 clients) until every card is created", "s",
                    round(mb, 3), round(ms, 3), ratio, "<= 1.3x", ratio <= 1.3, reps, round(cpu, 1),
                    f"{n / ms:,.0f} recipients/s; rows written service {counts[0]} vs baseline {counts[1]}",
                    extra={"serviceRuns": svc, "baselineRuns": base})

    def analyze(self):
        """Stands in for autovacuum when the server runs without it (untimed): since PostgreSQL 13
        autovacuum also vacuums tables that only received inserts, which sets the visibility map
        that index-only scans (the list's total) rely on, and analyzes them."""
        if self.autovacuum_off:
            self.pg.sql("VACUUM ANALYZE")

    def row_counts(self, cid):
        return self.pg.sql(f"""SELECT (SELECT count(*) FROM recipients WHERE campaign_id = '{cid}') || '/' ||
            (SELECT count(*) FROM recipient_history h JOIN recipients r ON r.id = h.recipient_id
              WHERE r.campaign_id = '{cid}') || '/' ||
            (SELECT count(*) FROM wallet_cards WHERE campaign_id = '{cid}') || '/' ||
            (SELECT count(*) FROM provider_objects p JOIN wallet_cards w ON w.id = p.wallet_card_id
              WHERE w.campaign_id = '{cid}') || '/' ||
            (SELECT count(*) FROM local_wallet_objects o JOIN wallet_cards w ON w.id = o.wallet_card_id
              WHERE w.campaign_id = '{cid}')""")

    def copy_files(self, org, cid, tag, n):
        """Writes CSV files with the rows a bulk add produces and a psql script copying them in."""
        d = os.path.join(OUT, "copy")
        os.makedirs(d, exist_ok=True)
        now = datetime.datetime.now(datetime.timezone.utc).isoformat()
        files = {t: open(os.path.join(d, t + ".csv"), "w") for t in
                 ("recipients", "recipient_history", "wallet_cards", "provider_objects", "local_wallet_objects")}
        for i in range(n):
            h = secrets.token_hex(14)
            rid, card = "rcp_" + h, "card_" + h
            email = f"{tag}-{i}@bench.example"
            data = json.dumps({"seat": f"S{i}"}).replace('"', '""')
            files["recipients"].write(
                f'{rid},{org},{cid},{email},{email},Recipient {i},,ext-{i},"{data}",,created,{card},,f,1,{now},{now}\n')
            files["recipient_history"].write(f"rh_{h}a,{org},{rid},created,,{now}\n")
            files["recipient_history"].write(f"rh_{h}b,{org},{rid},created,card created,{now}\n")
            files["wallet_cards"].write(
                f"{card},{org},{cid},{rid},created,,created,{secrets.token_urlsafe(24)},{secrets.token_urlsafe(12)},2,{now},{now}\n")
            for p in PROVIDERS:
                ref = f"{p}_{h}"
                files["provider_objects"].write(f"{card},{p},{org},{ref},f,f,f,,2,,{now}\n")
                files["local_wallet_objects"].write(f"{p},{ref},{card},2,f,{now}\n")
        for f in files.values():
            f.close()
        cols = {
            "recipients": "id, organization_id, campaign_id, email, live_email, name, phone, external_id, "
                          "recipient_data, provider_types, status, wallet_card_id, card_batch, "
                          "invite_on_create, content_version, created_at, updated_at",
            "recipient_history": "id, organization_id, recipient_id, status, reason, at",
            "wallet_cards": "id, organization_id, campaign_id, recipient_id, lifecycle, final_status, status, "
                            "download_code, barcode_value, content_version, created_at, updated_at",
            "provider_objects": "wallet_card_id, provider, organization_id, object_ref, installed, ever_installed, "
                                "voided, last_event_at, content_version, last_error, updated_at",
            "local_wallet_objects": "provider, object_ref, wallet_card_id, content_version, voided, updated_at",
        }
        script = os.path.join(d, "copy.sql")
        with open(script, "w") as s:
            s.write("BEGIN;\n")
            for t, c in cols.items():
                s.write(f"\\copy {t} ({c}) FROM '{os.path.join(d, t + '.csv')}' WITH (FORMAT csv)\n")
            s.write("COMMIT;\n")
        return script

    def activate(self, campaigns):
        """Setup shortcut: marks every card of the campaigns installed and active by SQL."""
        ids = ",".join(f"'{c}'" for c in campaigns)
        self.pg.sql(f"""BEGIN;
            UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE, last_event_at = now(),
                   updated_at = now()
             WHERE wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id IN ({ids}));
            UPDATE wallet_cards SET status = 'active', updated_at = now() WHERE campaign_id IN ({ids});
            COMMIT;""")
        self.pg.sql("VACUUM ANALYZE provider_objects")
        self.pg.sql("VACUUM ANALYZE wallet_cards")
        self.pg.sql("VACUUM ANALYZE local_wallet_objects")
        self.pg.sql("VACUUM ANALYZE recipients")

    def lagging(self, cid):
        return self.pg.scalar(f"""SELECT count(*) FROM local_wallet_objects o
            JOIN wallet_cards w ON w.id = o.wallet_card_id
            JOIN recipients r ON r.id = w.recipient_id
            JOIN campaigns c ON c.id = w.campaign_id
            WHERE w.campaign_id = '{cid}' AND w.status = 'active'
              AND o.content_version < c.content_version + r.content_version""")

    def running_propagations(self, cid):
        return self.pg.scalar(f"SELECT count(*) FROM card_propagations WHERE campaign_id = '{cid}'")

    def wait_for_runs_to_end(self, cid, timeout):
        """Polls the service's own record of runs in progress (one indexed row per scope) until the
        campaign has none or the timeout passes."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline and self.running_propagations(cid) > 0:
            time.sleep(0.5)

    def wait_for_batches(self, cid, timeout):
        """Waits until the campaign's propagation run has split the campaign into batches and the
        job engine holds none of them any more, looking every 10 ms from inside the database (one
        psql process for the whole wait; both tables hold a few rows), or until the timeout. The
        run's own record is not the signal: the run looks at its batches every 0.5 s, so its record
        outlives the last of them by up to that."""
        self.pg.sql(f"""DO $$
            DECLARE deadline TIMESTAMPTZ := clock_timestamp() + INTERVAL '{int(timeout)} seconds';
            BEGIN
              WHILE clock_timestamp() < deadline
                    AND (EXISTS (SELECT 1 FROM card_propagations
                                 WHERE campaign_id = '{cid}' AND fanned_out IS NULL)
                      OR EXISTS (SELECT 1 FROM scheduled_tasks t JOIN card_propagations p
                                   ON t.task_instance LIKE p.run_id || '/%'
                                 WHERE p.campaign_id = '{cid}' AND t.task_name = 'card-propagation-batch')) LOOP
                PERFORM pg_sleep(0.01);
              END LOOP;
            END $$""")

    def propagation(self):
        n = self.size
        cpu0 = self.service.cpu_seconds()
        svc, base, patch_ms = [], [], []
        available = True
        reps = min(self.big_reps, len(self.bulk_campaigns))
        for rep in range(reps):
            cid, bid = self.bulk_campaigns[rep], self.base_campaigns[rep]
            t0 = time.perf_counter()
            self.api.ok("PATCH", f"/v1/campaigns/{cid}", {"campaignData": {"location": f"Hall {rep}-{time.time()}"}})
            patch_ms.append((time.perf_counter() - t0) * 1000)
            deadline = t0 + self.a.propagation_timeout
            done = None
            left = None
            # The last batch's end, seen within 10 ms, counts once every active card has the new
            # content; until then, the objects are polled as before.
            try:
                self.wait_for_batches(cid, self.a.propagation_timeout)
                ended = time.perf_counter()
                if self.lagging(cid) == 0:
                    done = ended - t0
            except RuntimeError as e:  # a build without these tables: the objects tell
                log(f"propagation rep {rep}: no batches to wait for ({e}); polling the objects")
            while done is None and time.perf_counter() < deadline:
                left = self.lagging(cid)
                if left == 0:
                    done = time.perf_counter() - t0
                    break
                time.sleep(0.2)
            if done is None:
                # nothing moved at all: the feature is not there; otherwise it is too slow
                available = left < len(PROVIDERS) * n
                log(f"propagation rep {rep}: {left} of {2 * n} objects still lag after "
                    f"{self.a.propagation_timeout} s")
                break
            svc.append(done)
            log(f"propagation rep {rep}: {n} cards updated in {done:.2f} s")
        for rep in range(reps):
            bid = self.base_campaigns[rep]
            path = os.path.join(OUT, "copy", "propagate.sql")
            with open(path, "w") as f:
                f.write(f"""BEGIN;
UPDATE campaigns SET content_version = content_version + 1, updated_at = now() WHERE id = '{bid}';
UPDATE local_wallet_objects SET content_version = content_version + 1, updated_at = now()
 WHERE wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = '{bid}' AND status = 'active');
UPDATE provider_objects SET content_version = content_version + 1, updated_at = now()
 WHERE installed AND wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = '{bid}' AND status = 'active');
COMMIT;
""")
            base.append(self.pg.script(path))
            log(f"propagation baseline rep {rep}: {base[-1]:.2f} s")
        # PATCH latency, whatever the card count: a series of PATCHes on a campaign with n active cards.
        cid = self.bulk_campaigns[0]
        for i in range(20):
            t0 = time.perf_counter()
            self.api.ok("PATCH", f"/v1/campaigns/{cid}", {"metadata": {"bench": str(i)}})
            patch_ms.append((time.perf_counter() - t0) * 1000)
            time.sleep(0.25)
        if available:
            # Let the last propagations settle before the next scenario: the service's own record of
            # runs in progress is one indexed row per scope, where counting lagging objects reads
            # every object of the campaign (minutes per look at 1,000,000 cards).
            self.wait_for_runs_to_end(cid, self.a.propagation_timeout)
        cpu = round(self.service.cpu_seconds() - cpu0, 1)
        mb = statistics.median(base)
        p99 = percentile(patch_ms, 99)
        if available and len(svc) == reps:
            ms = statistics.median(svc)
            ratio = round(statistics.median([s / b for s, b in zip(svc, base)]), 2)
            self.result(f"Propagation: PATCH reaching {n:,} active cards", "s", round(mb, 3), round(ms, 3), ratio,
                        "<= 2x", ratio <= 2, reps, cpu, extra={"serviceRuns": svc, "baselineRuns": base})
        elif available:
            self.result(f"Propagation: PATCH reaching {n:,} active cards", "s", round(mb, 3), None, None, "<= 2x",
                        False, len(svc), cpu, f"incomplete after {self.a.propagation_timeout} s")
        else:
            self.result(f"Propagation: PATCH reaching {n:,} active cards", "s", round(mb, 3), None, None, "<= 2x",
                        False, 0, cpu, f"no card received new content within {self.a.propagation_timeout} s "
                        "(propagation not in this build)", available=False, extra={"baselineRuns": base})
        self.result(f"PATCH campaign latency p99 ({n:,} active cards)", "ms", None, round(p99, 1), None, "p99 <= 50 ms",
                    p99 <= 50, len(patch_ms), None, f"{len(patch_ms)} PATCHes, median {statistics.median(patch_ms):.1f} ms",
                    extra={"patchMs": patch_ms})

    def fanout(self):
        n = self.size
        cpu0 = self.service.cpu_seconds()
        svc, base = [], []
        available = True
        reps = min(self.big_reps, len(self.bulk_campaigns))
        self.pg.sql("""CREATE TABLE IF NOT EXISTS bench_outbox (id BIGSERIAL PRIMARY KEY, notification_id VARCHAR(40)
            NOT NULL, provider VARCHAR(10) NOT NULL, object_ref VARCHAR(100) NOT NULL, wallet_card_id VARCHAR(40)
            NOT NULL, header VARCHAR(100) NOT NULL, body VARCHAR(500) NOT NULL, created_at TIMESTAMPTZ NOT NULL)""")
        detail = ""
        for rep in range(reps):
            cid = self.bulk_campaigns[rep]
            t0 = time.perf_counter()
            status, doc = self.api.call("POST", f"/v1/campaigns/{cid}/notifications",
                                        {"header": "Bench", "body": f"Fan-out {rep}"})
            if status in (404, 405):
                available = False
                detail = f"POST /v1/campaigns/{{id}}/notifications answers {status} (notifications not in this build)"
                break
            if status != 201:
                raise RuntimeError(f"notification send -> {status}: {doc}")
            nid = doc["data"]["id"]
            deadline = t0 + self.a.timeout
            done = None
            while time.perf_counter() < deadline:
                d = self.api.ok("GET", f"/v1/campaigns/{cid}/notifications/{nid}")
                if d["status"] in ("sent", "failed"):
                    done = time.perf_counter() - t0
                    detail = f"status {d['status']}, deliveredCards {d.get('deliveredCards')}"
                    break
                time.sleep(0.1)
            if done is None:
                detail = f"not sent within {self.a.timeout} s"
                break
            svc.append(done)
            log(f"fan-out rep {rep}: {done:.2f} s ({detail})")
        for rep in range(reps):
            bid = self.base_campaigns[rep]
            nid = f"ntf_bench{rep}_{secrets.token_hex(4)}"
            path = os.path.join(OUT, "copy", "fanout.sql")
            with open(path, "w") as f:
                f.write(f"""BEGIN;
INSERT INTO bench_outbox (notification_id, provider, object_ref, wallet_card_id, header, body, created_at)
SELECT '{nid}', p.provider, p.object_ref, p.wallet_card_id, 'Bench', 'Fan-out {rep}', now()
  FROM provider_objects p JOIN wallet_cards w ON w.id = p.wallet_card_id
 WHERE w.campaign_id = '{bid}' AND w.status = 'active' AND p.installed;
COMMIT;
BEGIN;
INSERT INTO local_wallet_messages (id, provider, object_ref, wallet_card_id, notification_id, header, body, delivered_at)
SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), provider, object_ref, wallet_card_id, notification_id,
       header, body, now()
  FROM bench_outbox WHERE notification_id = '{nid}';
DELETE FROM bench_outbox WHERE notification_id = '{nid}';
COMMIT;
""")
            base.append(self.pg.script(path))
            log(f"fan-out baseline rep {rep}: {base[-1]:.2f} s")
        cpu = round(self.service.cpu_seconds() - cpu0, 1)
        mb = statistics.median(base)
        name = f"Notification fan-out to {n:,} active cards"
        if available and len(svc) == reps:
            ms = statistics.median(svc)
            ratio = round(statistics.median([s / b for s, b in zip(svc, base)]), 2)
            self.result(name, "s", round(mb, 3), round(ms, 3), ratio, "<= 2x", ratio <= 2, reps, cpu, detail,
                        extra={"serviceRuns": svc, "baselineRuns": base})
        else:
            self.result(name, "s", round(mb, 3), None, None, "<= 2x", False, len(svc), cpu, detail,
                        available=available, extra={"baselineRuns": base})

    def http_paths(self):
        url = f"http://127.0.0.1:{self.port}"
        auth = "Authorization: Bearer " + self.key
        dur = self.a.duration
        read_cid = self.read_campaign
        rows = {k: [] for k in ("hello32", "campaign", "page", "hello16", "write")}
        floor_runs = {k: [] for k in ("campaign", "page", "write")}
        with_floors = shutil.which("pgbench") is not None
        if with_floors:
            floor_cid = self.api.campaign("Write floor")
            floors.prepare_write(self.pg, self.org, floor_cid)
            floor_scripts = {"campaign": (floors.campaign_script(self.org, read_cid), 32),
                             "page": (floors.page_script(self.org, read_cid, 20, 500), 32),
                             "write": (floors.write_script(self.org, floor_cid), 16)}
        else:
            self.notes.append("pgbench not found: the HTTP scenarios' database floors were not measured.")

        def floor(key):
            if with_floors:
                script, connections = floor_scripts[key]
                floor_runs[key].append(floors.pgbench(self.pg, key, script, connections, dur, OUT))

        cpu = {"read": 0.0, "write": 0.0}
        for rep in range(self.reps):
            c0 = self.service.cpu_seconds()
            rows["hello32"].append(wrk(f"{url}/bench/hello", 32, dur))
            rows["campaign"].append(wrk(f"{url}/v1/campaigns/{read_cid}", 32, dur, [auth]))
            rows["page"].append(wrk(f"{url}/v1/campaigns/{read_cid}/recipients?limit=20&offset=500", 32, dur, [auth]))
            c1 = self.service.cpu_seconds()
            floor("campaign")
            floor("page")
            cw = self.service.cpu_seconds()
            cid = self.api.campaign(f"Write {rep}")
            rows["hello16"].append(wrk(f"{url}/bench/hello", 16, dur))
            rows["write"].append(wrk(f"{url}/v1/campaigns/{cid}/recipients", 16, dur,
                                     [auth, "Content-Type: application/json"],
                                     os.path.join(BENCH, "post_recipient.lua"), [secrets.token_hex(4)]))
            # let the card-generation jobs the POSTs scheduled finish before the next round
            added = self.api.ok("GET", f"/v1/campaigns/{cid}/recipients?limit=1")["pagination"]["total"]
            self.wait_cards(cid, added, self.a.timeout)
            c2 = self.service.cpu_seconds()
            floor("write")
            # The writes add thousands of rows; without fresh statistics the planner scales the read
            # campaign's row estimate with the table and counts the next page by a sequential scan.
            self.analyze()
            cpu["read"] += c1 - c0
            cpu["write"] += c2 - cw
            log("http rep {}: hello32 {:.0f}/s, campaign {:.0f}/s p99 {} ms, page {:.0f}/s p99 {} ms, "
                "hello16 {:.0f}/s, write {:.0f}/s p99 {} ms".format(
                    rep, rows["hello32"][-1]["rps"], rows["campaign"][-1]["rps"], rows["campaign"][-1]["p99_ms"],
                    rows["page"][-1]["rps"], rows["page"][-1]["p99_ms"], rows["hello16"][-1]["rps"],
                    rows["write"][-1]["rps"], rows["write"][-1]["p99_ms"]))
        for key, base_key, name, ratio_target, p99_target, kind in (
                ("campaign", "hello32", "Read: GET one campaign, 32 connections", 0.5, 25, "read"),
                ("page", "hello32", "Read: GET one page of 20 recipients, 32 connections", 0.35, 40, "read"),
                ("write", "hello16", "Write: POST one recipient, 16 connections", 0.15, 50, "write")):
            svc, base = rows[key], rows[base_key]
            bad = sum(r["non2xx"] + r["socket_errors"] for r in svc)
            ratio = round(statistics.median([s["rps"] / b["rps"] for s, b in zip(svc, base)]), 3)
            p99 = statistics.median([r["p99_ms"] for r in svc])
            passed = ratio >= ratio_target and p99 <= p99_target and bad == 0
            extra = {"serviceRuns": svc, "baselineRuns": base, "p99Ms": p99}
            floor_detail = ""
            if floor_runs[key]:
                fl = floor_runs[key]
                floor_ratio = round(statistics.median([f["tps"] / b["rps"] for f, b in zip(fl, base)]), 3)
                share = statistics.median([s["rps"] / f["tps"] for s, f in zip(svc, fl)])
                extra.update({"floorRuns": fl, "floorRatio": floor_ratio, "shareOfFloor": round(share, 3)})
                floor_detail = (f"; database floor {round(statistics.median([f['tps'] for f in fl]))} tps = "
                                f"{floor_ratio}x hello, service at {share:.0%} of it")
            self.result(name, "req/s", round(statistics.median([b["rps"] for b in base])),
                        round(statistics.median([s["rps"] for s in svc])), ratio,
                        f">= {ratio_target}x hello, p99 <= {p99_target} ms", passed, self.reps,
                        round(cpu[kind] / (2 if kind == "read" else 1), 1),
                        f"p99 {p99:.1f} ms (hello p99 {statistics.median([b['p99_ms'] for b in base]):.1f} ms)"
                        + (f", {bad} errors" if bad else "") + floor_detail,
                        extra=extra)

    # ---- run

    def warm_up(self):
        log("warming up")
        url = f"http://127.0.0.1:{self.port}"
        auth = "Authorization: Bearer " + self.key
        cid = self.api.campaign("Warm-up")
        for b in bulk_bodies("warm-" + secrets.token_hex(3), 5000):
            self.api.ok("POST", f"/v1/campaigns/{cid}/recipients/bulk", b)
        self.wait_cards(cid, 5000, self.a.timeout)
        # The propagation scenario times PATCHes; without these its few content PATCHes were the
        # first the JVM ever ran and its 20 metadata PATCHes ran interpreted. Half change the
        # content (each starts or joins a propagation run over this campaign), half the metadata.
        for i in range(self.a.warmup_patches):
            change = {"campaignData": {"location": f"Warm-up {i}"}} if i % 2 == 0 else {"metadata": {"warm": str(i)}}
            self.api.ok("PATCH", f"/v1/campaigns/{cid}", change)
        self.wait_for_runs_to_end(cid, self.a.timeout)
        # the read scenarios' campaign: 1,000 recipients with cards
        self.read_campaign = self.api.campaign("Read path")
        self.api.ok("POST", f"/v1/campaigns/{self.read_campaign}/recipients/bulk",
                    bulk_bodies("read-" + secrets.token_hex(3), 1000)[0])
        self.wait_cards(self.read_campaign, 1000, self.a.timeout)
        if self.have_wrk:
            wrk(f"{url}/bench/hello", 32, self.a.warmup)
            wrk(f"{url}/v1/campaigns/{self.read_campaign}", 32, self.a.warmup, [auth])
            wrk(f"{url}/v1/campaigns/{self.read_campaign}/recipients?limit=20", 32, self.a.warmup, [auth])
            wrk(f"{url}/v1/campaigns/{cid}/recipients", 16, self.a.warmup, [auth, "Content-Type: application/json"],
                os.path.join(BENCH, "post_recipient.lua"), ["warm" + secrets.token_hex(3)])
            added = self.api.ok("GET", f"/v1/campaigns/{cid}/recipients?limit=1")["pagination"]["total"]
            self.wait_cards(cid, added, self.a.timeout)
        self.analyze()

    def apple(self):
        """Apple Wallet adapter (alpha in apple mode): the opt-in JUnit measurement AppleWalletMeasurement
        renders and signs passes against bare CMS signing of the same manifest, and pushes to 10,000
        registered devices on pushy's MockApnsServer against pushy sending the same pushes directly,
        both in the same JVM and run. It prints one line per figure; this reads them back."""
        figures = os.path.join(ROOT, "target", "measurements.txt")
        if os.path.exists(figures):
            os.remove(figures)
        cmd = [os.path.join(ROOT, "mvnw"), "-B", "test", "-Dtest=AppleWalletMeasurement", "-Dwallet.measure=true",
               "-Dsurefire.failIfNoSpecifiedTests=false", "-Dspotless.check.skip=true"]
        if self.a.offline:
            cmd.insert(2, "-o")
        log("apple: " + " ".join(cmd[1:]))
        started = time.time()
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        with open(os.path.join(OUT, "apple-measurement.log"), "w") as f:
            f.write(r.stdout + r.stderr)
        lines = open(figures).read().splitlines() if os.path.exists(figures) else []
        pattern = re.compile(r"^(?P<what>apple [^:]+): (?P<v>[\d.]+); (?P<bname>[^:]+): (?P<b>[\d.]+); ratio (?P<ratio>[\d.]+)")
        names = {"apple passes rendered and signed per second": ("Apple: passes rendered and signed", "passes/s"),
                 "apple pushes per second (10,000 devices)": ("Apple: pushes to 10,000 registered devices", "pushes/s")}
        found = 0
        for line in lines:
            m = pattern.match(line)
            if not m or m["what"] not in names:
                continue
            found += 1
            name, unit = names[m["what"]]
            ratio = round(float(m["v"]) / float(m["b"]), 2)
            self.result(name, unit, round(float(m["b"])), round(float(m["v"])), ratio, ">= 0.70x", ratio >= 0.7, 3,
                        None, f"baseline: {m['bname']} (same JVM, same run); last of 3 rounds, the first two warm up")
        if found < len(names) or r.returncode != 0:
            self.result("Apple: measurement", "", None, None, None, "runs", False, 1, None,
                        f"mvnw exited {r.returncode}, {found} of {len(names)} figures; see target/bench/apple-measurement.log",
                        available=False)
        self.notes.append(f"Apple scenario: ./mvnw -B test -Dtest=AppleWalletMeasurement -Dwallet.measure=true "
                          f"({round(time.time() - started)} s with the build); CPU column not measured for it.")

    def run(self):
        a = self.a
        os.makedirs(OUT, exist_ok=True)
        only = set(a.only.split(",")) if a.only else {"bulk", "propagation", "fanout", "http", "stats", "holder",
                                                        "console"} | ({"million"} if a.size >= 1_000_000 else set())
        if "apple" in only:
            started = time.time()
            self.apple()
            only.discard("apple")
            if not only:
                # The measurement ran on the JVM Maven uses (JAVA_HOME or PATH), not necessarily --java's.
                version = subprocess.run([os.path.join(ROOT, "mvnw"), "-v"], cwd=ROOT, capture_output=True,
                                         text=True).stdout.splitlines()
                self.java_version = next((v for v in version if v.startswith("Java version")), "Java: unknown")
                self.write_report("mvnw", None, [], time.time() - started, None)
                return
        self.have_wrk = bool(only & {"http", "stats", "holder", "console"})
        if self.have_wrk:
            ensure_wrk()
        jar = a.jar or latest_jar()
        if not jar:
            fail("no packaged jar under target/; run ./mvnw -DskipTests package or drop --no-build")
        java = a.java or find_java()
        # The service runs from a copy with a name of its own, so that tooling on a shared machine
        # matching the usual jar name never takes the benchmark's process for one of its own.
        run_jar = os.path.join(OUT, "bench-service.jar")
        shutil.copyfile(jar, run_jar)
        db = f"wallet_bench_{os.getpid()}"
        admin = Postgres(a.pg_host, a.pg_port, a.pg_user, "postgres")
        admin.sql(f"CREATE DATABASE {db}")
        log(f"database {db} created")
        self.pg = Postgres(a.pg_host, a.pg_port, a.pg_user, db)
        self.key = "wk_bench_" + secrets.token_hex(24)
        self.port = free_port()
        flags = (a.jvm_flags or DEFAULT_JVM_FLAGS).split()
        if a.profile:
            flags.append(f"-XX:StartFlightRecording=filename={OUT}/service.jfr,settings=profile,dumponexit=true")
        self.data_dir = os.path.join(OUT, "data")
        env = service_env(self.port, self.pg, self.key, self.data_dir,
                          WALLET_PROVIDER_ALPHA_CALLBACK_SECRET="bench", WALLET_PROVIDER_BETA_CALLBACK_SECRET="bench",
                          WALLET_PROVIDER_EUDIW_CALLBACK_SECRET="bench",
                          # the soak's webhook receiver listens on 127.0.0.1
                          WALLET_WEBHOOKS_ALLOW_PRIVATE_TARGETS="true" if "soak" in only else "false",
                          WALLET_BOOTSTRAP_OWNER_EMAIL=CONSOLE_OWNER, WALLET_BOOTSTRAP_OWNER_PASSWORD=CONSOLE_PASSWORD)
        if "limits" in only:
            # The public paths at their default limits, alpha and eudiw in their real protocols (Apple
            # passes, OpenID4VCI), and the client address taken from X-Forwarded-For (limits.py).
            for k in UNLIMITED_PUBLIC_PATHS:
                env.pop(k)
            env.pop("WALLET_PROVIDER_ALPHA_MODE")
            env.pop("WALLET_PROVIDER_EUDIW_MODE")
            env["SERVER_FORWARD_HEADERS_STRATEGY"] = "native"
        self.service = Service(java, run_jar, flags, self.port, env, os.path.join(OUT, "service.log"),
                               (a.service_args or "").split())
        self.java_version = subprocess.run([java, "-version"], capture_output=True, text=True).stderr.splitlines()[0]
        started = time.time()
        try:
            if only == {"million"}:
                # The scenario runs a service process of its own (alpha pushing to a mock APNs).
                Million(self, log, Api, Service, service_env, free_port, OUT, BENCH).run(java, run_jar, flags)
            else:
                self.service.start()
                self.api = Api(self.port, self.key)
                self.org = self.pg.sql("SELECT organization_id FROM api_keys LIMIT 1")
                self.autovacuum_off = self.pg.sql("SHOW autovacuum") == "off"
                if self.autovacuum_off:
                    self.notes.append("PostgreSQL runs with autovacuum off: the harness runs VACUUM ANALYZE (untimed) after "
                                      "the warm-up, before each bulk-add repetition and after each HTTP repetition's "
                                      "writes, as autovacuum would.")
                if only - {"limits"}:
                    self.warm_up()
                if "limits" in only:
                    Limits(self, log).run()
                if only & {"bulk", "propagation", "fanout"}:
                    self.bulk()
                    self.activate(self.bulk_campaigns + self.base_campaigns)
                    if "propagation" in only:
                        self.propagation()
                    if "fanout" in only:
                        self.fanout()
                if "http" in only:
                    self.http_paths()
                if only & {"stats", "holder", "console"}:
                    Journeys(self, log, wrk, Service, free_port, OUT, BENCH).run(only)
                if "consolerecipients" in only:
                    ConsoleRecipients(self, log, OUT, CONSOLE_OWNER, CONSOLE_PASSWORD).run()
                if "soak" in only:
                    Soak(self, log).run()
                rss = self.service.status_kb("VmHWM")
                self.result("Memory: peak RSS of the service over the whole run", "MB", None, round(rss / 1024),
                            None, "<= 512 MB", rss <= 512 * 1024, 1, round(self.service.cpu_seconds(), 1),
                            "VmHWM from /proc/<pid>/status; CPU column = total service CPU seconds of the run")
                if "million" in only:
                    # Its own service process: this one, with alpha in local mode, must not take its jobs.
                    self.service.stop()
                    Million(self, log, Api, Service, service_env, free_port, OUT, BENCH).run(java, run_jar, flags)
        finally:
            total_cpu = self.service.cpu_seconds() if self.service.proc and self.service.proc.poll() is None else None
            self.service.stop()
            if a.keep_db:
                log(f"database {db} kept (--keep-db)")
            else:
                admin.sql(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
                log(f"database {db} dropped")
        self.write_report(java, jar, flags, time.time() - started, total_cpu)
        if a.profile:
            profile_summary(java)

    def write_report(self, java, jar, flags, wall, total_cpu):
        meta = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                         text=True).stdout.strip(),
                "java": java, "javaVersion": self.java_version, "jvmFlags": " ".join(flags), "serviceArgs": self.a.service_args or "", "jar": os.path.relpath(jar, ROOT) if jar else "n/a (JUnit measurement)",
                "size": self.size, "repetitions": self.reps, "bigRepetitions": self.big_reps,
                "httpDurationSeconds": self.a.duration, "cpus": os.cpu_count(),
                "loadAverageAtEnd": os.getloadavg(), "wallSeconds": round(wall),
                "serviceCpuSeconds": total_cpu}
        with open(os.path.join(OUT, "report.json"), "w") as f:
            json.dump({"meta": meta, "notes": self.notes, "results": self.results}, f, indent=2)
        lines = [
            "# Benchmark report", "",
            f"{meta['date']}, commit `{meta['commit']}`, {meta['javaVersion']}, JVM flags `{meta['jvmFlags']}`, "
            + (f"service arguments `{meta['serviceArgs']}`, " if meta['serviceArgs'] else "") + f"{meta['cpus']} CPUs, load average at end {', '.join(f'{x:.1f}' for x in meta['loadAverageAtEnd'])}.",
            f"Size {self.size:,}; HTTP scenarios: median of {self.reps} runs of {self.a.duration} s (wrk, 2 threads); "
            f"bulk add, propagation and fan-out: median of {self.big_reps} runs. "
            "Ratio = median of the per-run ratios service/baseline (times) or service/hello (throughput). "
            "Service CPU = CPU seconds of the service process during the scenario.", "",
            "| scenario | baseline | service | ratio | target | result | runs | service CPU s | notes |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for r in self.results:
            def fmt(v):
                return "n/a" if v is None else (f"{v} {r['unit']}" if not isinstance(v, str) else v)
            lines.append(f"| {r['scenario']} | {fmt(r['baseline'])} | {fmt(r['service'])} | "
                         f"{'n/a' if r['ratio'] is None else str(r['ratio']) + 'x'} | {r['target']} | **{r['result']}** | "
                         f"{r['repetitions']} | {'' if r['serviceCpuSeconds'] is None else r['serviceCpuSeconds']} | {r['detail']} |")
        lines += [""] + [f"Note: {n}" for n in self.notes]
        lines += ["", f"Whole run: {meta['wallSeconds']} s wall, service CPU {total_cpu} s. "
                  "Baselines: bulk add = one psql `\\copy` of the same rows into the same five tables in one "
                  "transaction; propagation = set-based UPDATEs of the same objects; fan-out = outbox INSERT ... "
                  "SELECT plus drain into local_wallet_messages; read/write = `GET /bench/hello` on the same server."]
        with open(os.path.join(OUT, "report.md"), "w") as f:
            f.write("\n".join(lines) + "\n")
        log("report written to target/bench/report.md and report.json")
        print("\n".join(lines))


def profile_summary(java):
    jfr = os.path.join(os.path.dirname(java), "jfr")
    rec = os.path.join(OUT, "service.jfr")
    if not os.path.exists(rec):
        log("no JFR recording found")
        return
    out = []
    for view in (["summary"], ["view", "hot-methods"], ["view", "allocation-by-class"], ["view", "gc-pauses"]):
        r = subprocess.run([jfr] + view + [rec], capture_output=True, text=True)
        out.append(f"## jfr {' '.join(view)}\n\n{r.stdout or r.stderr}\n")
    with open(os.path.join(OUT, "profile.txt"), "w") as f:
        f.write("\n".join(out))
    log("JFR summary written to target/bench/profile.txt (recording: target/bench/service.jfr)")


def latest_jar():
    jars = [j for j in glob.glob(os.path.join(ROOT, "target", "wallet-campaigns-*.jar")) if not j.endswith("-plain.jar")]
    return max(jars, key=os.path.getmtime) if jars else None


def find_java():
    found = sorted(glob.glob("/usr/lib/jvm/temurin-25*/bin/java"))
    if found:
        return found[-1]
    if os.environ.get("JAVA_HOME") and os.path.exists(os.path.join(os.environ["JAVA_HOME"], "bin", "java")):
        return os.path.join(os.environ["JAVA_HOME"], "bin", "java")
    return shutil.which("java") or fail("no java found")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    p = argparse.ArgumentParser(description="Wallet Card Campaign Service benchmarks (see bench/README.md)")
    p.add_argument("--size", type=int, default=100_000, help="cards for bulk add, propagation and fan-out")
    p.add_argument("--reps", type=int, default=5, help="runs per HTTP figure (median)")
    p.add_argument("--big-reps", type=int, help="runs of the bulk add, propagation and fan-out scenarios "
                   "(default: 3 at 50,000 cards and more, else 5)")
    p.add_argument("--duration", type=int, default=8, help="seconds per wrk run")
    p.add_argument("--warmup", type=int, default=5, help="seconds of wrk warm-up per HTTP path")
    p.add_argument("--warmup-patches", type=int, default=400,
                   help="campaign PATCHes of the warm-up, half of them content changes (default 400)")
    p.add_argument("--timeout", type=int, default=600, help="seconds to wait for cards or a notification")
    p.add_argument("--propagation-timeout", type=int, default=60, help="seconds to wait for propagation")
    p.add_argument("--only", help="comma-separated subset of: bulk,propagation,fanout,http,stats,holder,soak,apple,limits,"
                   "console,consolerecipients,million (default: all but soak, apple, limits and consolerecipients; million "
                   "only at --size 1000000 or more)")
    p.add_argument("--stats-size", type=int, default=1_000_000,
                   help="recipients of the campaign the stats, holder and console scenarios read (seeded by SQL)")
    p.add_argument("--console-requests", type=int, default=300,
                   help="consolerecipients: timed requests per page (recipients: --stats-size)")
    p.add_argument("--console-warmup", type=int, default=100, help="consolerecipients: untimed requests per page")
    p.add_argument("--holder-codes", type=int, default=20_000, help="card codes the holder scenario rotates over")
    p.add_argument("--holder-warmup", type=int, default=30, help="seconds of wrk warm-up of each card page process")
    p.add_argument("--offline", action="store_true", help="run the apple scenario's Maven build offline (-o)")
    p.add_argument("--limits-spreads", default="10000,100,10,1",
                   help="limits scenario: the Apple burst's rounds, each the number of addresses the devices share")
    p.add_argument("--million-devices", type=int, default=1_000_000,
                   help="million scenario: registered Apple devices of the campaign (try 50000 first)")
    p.add_argument("--limits-devices", type=int, default=10_000, help="limits scenario: installed Apple cards")
    p.add_argument("--soak-minutes", type=float, default=10, help="length of the soak's traffic")
    p.add_argument("--soak-rate", type=float, default=20, help="requests per second of the soak")
    p.add_argument("--profile", action="store_true", help="record the service with JFR; summary in profile.txt")
    p.add_argument("--jvm-flags", help=f"JVM flags of the service (default: {DEFAULT_JVM_FLAGS})")
    p.add_argument("--java", help="java executable (default: /usr/lib/jvm/temurin-25*, else JAVA_HOME, else PATH)")
    p.add_argument("--service-args", help="extra service arguments, e.g. --some.property=value (A/B experiments)")
    p.add_argument("--jar", help="service jar (default: newest target/wallet-campaigns-*.jar)")
    p.add_argument("--keep-db", action="store_true", help="keep the benchmark database for inspection")
    p.add_argument("--pg-host", default=os.environ.get("BENCH_PG_HOST", "127.0.0.1"))
    p.add_argument("--pg-port", type=int, default=int(os.environ.get("BENCH_PG_PORT", "5432")))
    p.add_argument("--pg-user", default=os.environ.get("BENCH_PG_USER", "postgres"))
    a = p.parse_args()
    if a.big_reps is None:
        a.big_reps = 3 if a.size >= 50_000 else 5
    if a.big_reps < 3 or a.reps < 5:
        log("note: fewer repetitions than the documented minimum (5 HTTP, 3 large)")
    # SIGTERM unwinds like Ctrl-C, so the service is stopped and the database dropped.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    Bench(a).run()


if __name__ == "__main__":
    main()
