"""The console's recipients table at 1,000,000 recipients: the server time of its first page, of a
page deep in the table (in both orders) and of a prefix search, for a signed-in console session.
See bench/README.md, "Console recipients".

Setup shortcut: the recipients are written by set-based SQL (generate_series) in the shape the
service writes them (the table's columns; every twentieth card on Apple Wallet, every twentieth
other on Google Wallet); the table reads only the recipients' rows, and cards are not needed for it.
"""

import http.client
import os
import re
import secrets
import shutil
import statistics
import time
import urllib.parse

import floors

SEED_SQL = """
BEGIN;
INSERT INTO recipients (id, organization_id, campaign_id, email, live_email, name, external_id, recipient_data,
                        status, wallets, invite_on_create, content_version, created_at, updated_at)
SELECT 'rcp_' || lpad(to_hex(i), 12, '0') || substr(md5('{tag}' || i), 1, 16), '{org}', '{cid}',
       '{tag}-' || i || '@bench.example', '{tag}-' || i || '@bench.example', 'Recipient ' || i, 'ext-' || i,
       '{{"seat":"S' || i || '"}}',
       CASE WHEN i % 20 = 0 THEN 'active' WHEN i % 20 = 1 THEN 'active' WHEN i % 5 = 2 THEN 'invited'
            ELSE 'created' END,
       CASE WHEN i % 20 = 0 THEN ' alpha ' WHEN i % 20 = 1 THEN ' beta ' END, FALSE, 1,
       now() - make_interval(secs => {n} - i),
       now() - make_interval(secs => ((i::bigint * 7919) % {n})::double precision)
FROM generate_series(1, {n}) AS i;
COMMIT;
"""

# The figures' target: p95 of the server time per page.
TARGET_MS = 100


class ConsoleRecipients:
    def __init__(self, bench, log, out, email, password):
        self.b, self.log, self.out, self.email, self.password = bench, log, out, email, password

    def run(self):
        b = self.b
        n = b.a.stats_size
        cid = b.api.campaign("Console recipients at scale")
        tag = "cr" + secrets.token_hex(3)
        path = os.path.join(self.out, "console-recipients-seed.sql")
        with open(path, "w") as f:
            f.write(SEED_SQL.format(n=n, org=b.org, cid=cid, tag=tag))
        self.log(f"seeding {n:,} recipients of campaign {cid} by SQL")
        seconds = b.pg.script(path)
        b.pg.sql("VACUUM ANALYZE recipients")
        b.notes.append(f"Console recipients: {n:,} recipients seeded by set-based SQL in {seconds:.0f} s.")
        cookie = self.sign_in()
        base = f"/console/campaigns/{cid}/recipients"
        middle = b.pg.sql(f"SELECT id FROM recipients WHERE campaign_id = '{cid}' ORDER BY id LIMIT 1 OFFSET {n // 2}")
        middle_activity = b.pg.sql(
            f"SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') || '~' || id "
            f"FROM recipients WHERE campaign_id = '{cid}' ORDER BY updated_at, id LIMIT 1 OFFSET {n // 2}")
        # Each page's rows statement, for its database floor (floors.console_rows).
        rows_of = {
            "first page (newest first)": ("first", None),
            "a page in the middle (newest first)": ("after", middle),
            "a page in the middle (latest activity first)": ("activity", middle_activity),
            "a page in the middle, status invited": ("invited", middle),
            "first page, wallet Apple Wallet": ("wallet", "alpha"),
            "search by an email prefix": ("search", f"{tag}-12345"),
            "search by a name prefix": ("search", "recipient 54321"),
        }
        pages = {
            "first page (newest first)": base,
            "a page in the middle (newest first)": base + "?after=" + urllib.parse.quote(middle),
            "a page in the middle (latest activity first)": base + "?sort=activity&after="
            + urllib.parse.quote(middle_activity),
            "a page in the middle, status invited": base + "?status=invited&after=" + urllib.parse.quote(middle),
            "first page, wallet Apple Wallet": base + "?wallet=alpha",
            "search by an email prefix": base + "?q=" + urllib.parse.quote(f"{tag}-12345"),
            "search by a name prefix": base + "?q=" + urllib.parse.quote("recipient 54321"),
        }
        for name, p in pages.items():
            body = self.get(p, cookie)[1]
            rows = len(re.findall(r'/recipients/rcp_[0-9a-f]+"', body))
            if rows == 0:
                raise RuntimeError(f"{name}: the page shows no recipients ({p})")
            self.log(f"{name}: {rows} rows")
        for p in pages.values():
            for _ in range(b.a.console_warmup):
                self.get(p, cookie)
        session = floors.console_session(b.pg, cookie.split("=", 1)[1]) if shutil.which("pgbench") else None
        c0 = b.service.cpu_seconds()
        for name, p in pages.items():
            times = []
            for _ in range(b.a.console_requests):
                t0 = time.perf_counter()
                status, _ = self.get(p, cookie)
                times.append((time.perf_counter() - t0) * 1000)
                if status != 200:
                    raise RuntimeError(f"{name}: {status}")
            times.sort()
            p50, p95, p99 = (round(times[min(len(times) - 1, int(len(times) * q))], 1) for q in (0.5, 0.95, 0.99))
            mean = round(statistics.mean(times), 1)
            extra = {"p50Ms": p50, "p95Ms": p95, "p99Ms": p99, "meanMs": mean}
            floor_detail = "; no database floor (pgbench not found)"
            if session:
                # The page's statements by pgbench on one connection, as the requests above come one at a time.
                kind, value = rows_of[name]
                script = floors.console_recipients_script(b.org, cid, session, floors.console_rows(b.org, cid, kind, value))
                fl = floors.pgbench(b.pg, "console-recipients-" + kind, script, 1, b.a.duration, self.out)
                share = fl["latency_ms"] / mean
                extra.update({"floorRuns": [fl], "floorMs": fl["latency_ms"], "shareOfFloor": round(share, 3)})
                floor_detail = (f"; database floor {fl['latency_ms']:.1f} ms a page (pgbench, one connection), "
                                f"service mean {mean} ms, at {share:.0%} of the floor's speed")
            b.result(f"Console recipients: {name}, {n:,} recipients", "ms", None, p95, None,
                     f"p95 <= {TARGET_MS} ms", p95 <= TARGET_MS, len(times), None,
                     f"one connection, {len(times)} sequential requests: p50 {p50} ms, p95 {p95} ms, p99 {p99} ms, "
                     f"max {round(times[-1], 1)} ms" + floor_detail, extra=extra)
        b.notes.append("Console recipients: service CPU over the timed requests "
                       f"{round(b.service.cpu_seconds() - c0, 1)} s.")
        plan = b.pg.sql("EXPLAIN " + explain_search(cid, tag))
        b.notes.append("Console recipients: plan of the email-prefix search's first branch: "
                       + " / ".join(line.strip() for line in plan.splitlines()[:6]))

    def _conn(self):
        return http.client.HTTPConnection("127.0.0.1", self.b.port, timeout=60)

    def sign_in(self):
        c = self._conn()
        c.request("GET", "/console/sign-in")
        r = c.getresponse()
        body = r.read().decode()
        session = cookie_of(r, "WALLET_CONSOLE")
        token = re.search(r'name="_csrf" value="([^"]+)"', body).group(1)
        form = urllib.parse.urlencode({"email": self.email, "password": self.password, "_csrf": token})
        c.request("POST", "/console/sign-in", body=form,
                  headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": "WALLET_CONSOLE=" + session})
        r = c.getresponse()
        r.read()
        signed_in = cookie_of(r, "WALLET_CONSOLE")
        if r.status != 302 or not signed_in:
            raise RuntimeError(f"console sign-in failed: {r.status}")
        self.conn = c
        return "WALLET_CONSOLE=" + signed_in

    def get(self, path, cookie):
        for attempt in range(2):
            try:
                self.conn.request("GET", path, headers={"Cookie": cookie})
                r = self.conn.getresponse()
                return r.status, r.read().decode()
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = self._conn()
                if attempt == 1:
                    raise


def cookie_of(response, name):
    for header, value in response.getheaders():
        if header.lower() == "set-cookie" and value.startswith(name + "="):
            return value.split(";", 1)[0].split("=", 1)[1]
    return None


def explain_search(cid, tag):
    return (f"SELECT id FROM recipients WHERE campaign_id = '{cid}' AND deleted_at IS NULL "
            f"AND live_email LIKE '{tag}-12345%' OFFSET 0")
