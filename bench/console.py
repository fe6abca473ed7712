"""The console scenario of the benchmark suite: the server time of the campaign list and of the
overview of the campaign with 1,000,000 recipients (the journey scenarios' seeded campaign),
signed in as the bootstrap owner, against hello at the same connections. See bench/README.md.
"""

import datetime
import http.client
import os
import re
import shutil
import statistics
import subprocess
import urllib.parse
import zoneinfo

import floors

EMAIL = "owner@bench.example"
PASSWORD = "bench console owner password"
CONNECTIONS = (4, 16)
TARGET_P95_MS = 100


def to_ms(text):
    for unit, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    return float(text)


class Console:
    def __init__(self, bench, log, BENCH, out):
        self.b, self.log, self.BENCH, self.out = bench, log, BENCH, out

    def sign_in(self):
        """As a browser does: the sign-in page (its CSRF token and cookies), then the form; answers the Cookie header."""
        cookies = {}

        def request(method, path, body=None, headers=None):
            conn = http.client.HTTPConnection("127.0.0.1", self.b.port, timeout=30)
            h = dict(headers or {})
            if cookies:
                h["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
            conn.request(method, path, body=body, headers=h)
            r = conn.getresponse()
            text = r.read().decode("utf-8", "replace")
            for line in r.headers.get_all("Set-Cookie") or []:
                name, value = line.split(";", 1)[0].split("=", 1)
                cookies[name] = value
            conn.close()
            return r.status, text

        status, page = request("GET", "/console/sign-in")
        token = re.search(r'name="_csrf" value="([^"]+)"', page)
        if status != 200 or not token:
            raise RuntimeError(f"console sign-in page answered {status} without a CSRF token")
        form = urllib.parse.urlencode({"email": EMAIL, "password": PASSWORD, "_csrf": token.group(1)})
        status, _ = request("POST", "/console/sign-in", form, {"Content-Type": "application/x-www-form-urlencoded"})
        if status != 302 or "WALLET_CONSOLE" not in cookies:
            raise RuntimeError(f"console sign-in answered {status} without a session cookie")
        return "Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items())

    def wrk(self, url, connections, duration, headers=()):
        cmd = ["wrk", "-t", "2", "-c", str(connections), "-d", f"{duration}s", "--latency", "--timeout", "10s",
               "-s", os.path.join(self.BENCH, "console_page.lua")]
        for h in headers:
            cmd += ["-H", h]
        cmd.append(url)
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("wrk failed: " + r.stderr)
        out = {"rps": None, "p50_ms": None, "p95_ms": None, "p99_ms": None, "non2xx": 0, "socket_errors": 0}
        for line in r.stdout.splitlines():
            s = line.strip()
            if s.startswith("Requests/sec:"):
                out["rps"] = float(s.split()[1])
            elif s.startswith("50%"):
                out["p50_ms"] = to_ms(s.split()[1])
            elif s.startswith("99%"):
                out["p99_ms"] = to_ms(s.split()[1])
            elif s.startswith("P95_US"):
                out["p95_ms"] = int(s.split()[1]) / 1000.0
            elif s.startswith("Non-2xx or 3xx responses:"):
                out["non2xx"] = int(s.split(":")[1])
            elif s.startswith("Socket errors:"):
                out["socket_errors"] = sum(int(p.split()[-1]) for p in s.split(":", 1)[1].split(","))
        return out

    def floor_scripts(self, cid, cookie, zone):
        """Each page's statements (floors.py), for the signed-in session of cookie."""
        b = self.b
        value = re.search(r"WALLET_CONSOLE=([^;]+)", cookie).group(1)
        session = floors.console_session(b.pg, value)
        listed = b.pg.sql(f"SELECT id FROM campaigns WHERE organization_id = '{floors.literal(b.org)}' AND deleted_at IS "
                          f"NULL AND status <> 'archived' ORDER BY id DESC LIMIT 20").split()
        today = datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date()
        return {"list": floors.console_list_script(b.org, session, listed),
                "overview": floors.console_overview_script(b.org, cid, session, today,
                                                           today - datetime.timedelta(days=29))}

    def run(self, cid, n, zone="UTC"):
        b, dur = self.b, self.b.a.duration
        url = f"http://127.0.0.1:{b.port}"
        cookie = self.sign_in()
        pages = {"list": "/console/campaigns", "overview": f"/console/campaigns/{cid}"}
        for path in pages.values():
            conn = http.client.HTTPConnection("127.0.0.1", b.port, timeout=30)
            conn.request("GET", path, headers={"Cookie": cookie.split(": ", 1)[1]})
            r = conn.getresponse()
            body = r.read().decode("utf-8", "replace")
            if r.status != 200 or "<svg" not in body and path.endswith(cid):
                raise RuntimeError(f"GET {path} answered {r.status}")
        for path in pages.values():
            self.wrk(url + path, 16, b.a.warmup, [cookie])
        rows = {(k, c): [] for k in ("hello", *pages) for c in CONNECTIONS}
        scripts = self.floor_scripts(cid, cookie, zone)
        floor_runs = {(k, c): [] for k in pages for c in CONNECTIONS} if shutil.which("pgbench") else None
        c0 = b.service.cpu_seconds()
        for rep in range(b.reps):
            for c in CONNECTIONS:
                rows[("hello", c)].append(self.wrk(f"{url}/bench/hello", c, dur))
                for key, path in pages.items():
                    rows[(key, c)].append(self.wrk(url + path, c, dur, [cookie]))
                if floor_runs is not None:
                    for key in pages:
                        floor_runs[(key, c)].append(floors.pgbench(b.pg, f"console-{key}-{c}", scripts[key], c, dur,
                                                                   self.out))
            self.log("console rep {}: ".format(rep) + ", ".join(
                f"{k} at {c} {rows[(k, c)][-1]['rps']:.0f}/s p95 {rows[(k, c)][-1]['p95_ms']:.1f} ms"
                for k in pages for c in CONNECTIONS))
        cpu = round((b.service.cpu_seconds() - c0) / (len(pages) + 1), 1)
        names = {"list": "Console: GET /console/campaigns (the list, 20 rows with per-wallet counts)",
                 "overview": f"Console: GET /console/campaigns/<id> (overview), {n:,} recipients"}
        for key in pages:
            for c in CONNECTIONS:
                svc, base = rows[(key, c)], rows[("hello", c)]
                bad = sum(r["non2xx"] + r["socket_errors"] for r in svc)
                med = {m: statistics.median([r[m] for r in svc]) for m in ("p50_ms", "p95_ms", "p99_ms")}
                hello = {m: statistics.median([r[m] for r in base]) for m in ("p50_ms", "p95_ms", "p99_ms")}
                ratio = round(statistics.median([s["rps"] / h["rps"] for s, h in zip(svc, base)]), 3)
                extra = {"serviceRuns": svc, "baselineRuns": base, "p95Ms": med["p95_ms"]}
                floor_detail = floors.summary(floor_runs[(key, c)] if floor_runs else None, svc, base, extra)
                b.result(f"{names[key]}, {c} connections", "req/s",
                         round(statistics.median([h["rps"] for h in base])),
                         round(statistics.median([s["rps"] for s in svc])), ratio, f"p95 <= {TARGET_P95_MS} ms",
                         med["p95_ms"] <= TARGET_P95_MS and bad == 0, b.reps, cpu,
                         f"baseline hello at the same connections; p50 {med['p50_ms']:.1f} ms, p95 "
                         f"{med['p95_ms']:.1f} ms, p99 {med['p99_ms']:.1f} ms (hello p50 {hello['p50_ms']:.1f}, "
                         f"p95 {hello['p95_ms']:.1f}, p99 {hello['p99_ms']:.1f} ms)" + (f", {bad} errors" if bad else "")
                         + floor_detail, extra=extra)
