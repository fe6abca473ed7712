"""Rate-limit scenario: the public paths' per-address limits at their defaults, against a
household's normal use and a 10,000-card Apple update burst. Standard library only.

Run by bench.py (`bench/run --only limits`); see bench/README.md, "Public rate limits". The
service runs with SERVER_FORWARD_HEADERS_STRATEGY=native, so the client address it counts is
the X-Forwarded-For the harness sets (Tomcat trusts it from 127.0.0.1, as from a proxy in
front of the service): one process on one machine plays many addresses.
"""

import base64
import collections
import hashlib
import hmac
import http.client
import json
import os
import re
import secrets
import threading
import time
import urllib.parse

PASS_TYPE = "pass.local.walletcards.dev"  # the development chain's pass type id (no certificate configured)
HOUSEHOLD = 5  # holders behind one address: a family on its home router
RELOADS = 3  # reloads of the card page, after the first look
PROOF_LIMIT = 3000  # requests at most from one address to one path until the first 429
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
WORKERS = 16


def address(part, n):
    """The n-th address (n < 10,000) of a part of the scenario, in 198.18.0.0/15, the range set aside
    for benchmarks (RFC 2544): no two parts share an address, so each starts with fresh buckets."""
    i = part * 10_000 + n
    return f"198.{18 + i // 65536}.{i // 256 % 256}.{i % 256}"


class Client:
    """One keep-alive connection; every answer recorded as (time, status, group)."""

    def __init__(self, port, record):
        self.port, self.record, self.conn = port, record, None

    def send(self, method, path, source, body=None, headers=None, group=""):
        h = {"X-Forwarded-For": source, "User-Agent": "bench", **(headers or {})}
        if body is not None and not isinstance(body, bytes):
            body = body.encode()
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            try:
                self.conn.request(method, path, body=body, headers=h)
                r = self.conn.getresponse()
                data = r.read()
                self.record(time.time(), r.status, group, source)
                return r.status, data, r.getheader("Retry-After")
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = None
                if attempt == 1:
                    raise


class Tally:
    """Every answer of a part of the scenario, to count them and find the peak rate."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rows = []

    def __call__(self, t, status, group, source):
        with self.lock:
            self.rows.append((t, status, group, source))

    def summary(self):
        rows = list(self.rows)
        statuses = collections.Counter(r[1] for r in rows)
        per_second = collections.Counter(int(r[0]) for r in rows)
        per_address_second = collections.Counter((r[3], int(r[0])) for r in rows)
        per_address = collections.Counter(r[3] for r in rows)
        span = (max(r[0] for r in rows) - min(r[0] for r in rows)) if rows else 0
        return {"requests": len(rows), "status": dict(sorted(statuses.items())), "429": statuses.get(429, 0),
                "seconds": round(span, 2), "peakPerSecond": max(per_second.values(), default=0),
                "peakPerSecondOneAddress": max(per_address_second.values(), default=0),
                "addresses": len(per_address), "mostFromOneAddress": max(per_address.values(), default=0),
                "byGroup": dict(collections.Counter(r[2] for r in rows if r[1] == 429)),
                "routes": {g: dict(collections.Counter(r[1] for r in rows if r[2] == g))
                           for g in sorted({r[2] for r in rows})}}


def parallel(n, fn):
    threads = [threading.Thread(target=fn, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


class Limits:
    def __init__(self, bench, log):
        self.b, self.log, self.api, self.pg = bench, log, bench.api, bench.pg
        self.port = bench.port
        self.spreads = [int(s) for s in bench.a.limits_spreads.split(",")]
        self.devices = bench.a.limits_devices

    def run(self):
        codes = self.cards("Household", ["alpha", "beta", "eudiw"], HOUSEHOLD)
        self.household(codes)
        self.proof(codes[0])
        self.burst()

    # ---- setup

    def cards(self, name, providers, n):
        cid = self.api.ok("POST", "/v1/campaigns", {
            "name": name, "campaignType": "event",
            "campaignData": {"location": "Hall A", "start_time": "18:00", "end_time": "22:00"},
            "providerTypes": providers})["id"]
        for start in range(0, n, 1000):
            items = [{"email": f"{name.lower().replace(' ', '-')}-{i}@bench.example", "name": f"Holder {i}",
                      "recipientData": {"seat": f"S{i}"}} for i in range(start, min(n, start + 1000))]
            self.api.ok("POST", f"/v1/campaigns/{cid}/recipients/bulk", {"recipients": items, "sendEmail": False})
        for kind in ("logo", "strip"):  # the page then loads two images, as a designed campaign's does
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            conn.request("PUT", f"/v1/campaigns/{cid}/images/{kind}", body=PNG,
                         headers={"Authorization": "Bearer " + self.b.key, "Content-Type": "image/png"})
            status = conn.getresponse().status
            conn.close()
            if status != 200:
                self.log(f"limits: the campaign's {kind} was refused ({status}); the page loads without it")
        if not self.b.wait_cards(cid, n, self.b.a.timeout):
            raise RuntimeError(f"{name}: the cards were not issued within {self.b.a.timeout} s")
        self.campaign = cid
        return self.pg.sql(f"SELECT download_code FROM wallet_cards WHERE campaign_id = '{cid}' ORDER BY id").split()

    # ---- 1. a household's normal use

    def household(self, codes):
        """Five holders behind one address, each opening the page with what it loads, reloading it,
        following every wallet button and taking the EU wallet's credential: all at once, no pauses
        (people pause; this is the demanding case)."""
        tally = Tally()
        source = address(1, 1)
        base = f"http://127.0.0.1:{self.port}"

        def holder(i):
            c = Client(self.port, tally)
            code = codes[i]
            for _ in range(1 + RELOADS):
                _, page, _ = c.send("GET", f"/c/{code}", source, group="page")
                for ref in sorted(set(re.findall(r'(?:src|href)="(/[^"#]*)"', page.decode("utf-8", "replace")))):
                    if not ref.startswith(f"/c/{code}/"):  # wallet buttons are followed below, once
                        c.send("GET", ref.replace("&amp;", "&"), source, group="asset")
            c.send("GET", f"/c/{code}/alpha", source, group="apple pass")
            c.send("GET", f"/c/{code}/beta", source, group="demo wallet")
            c.send("POST", f"/c/{code}/beta", source, body="", group="demo wallet add",
                   headers={"Origin": base, "Content-Type": "application/x-www-form-urlencoded"})
            _, offer, _ = c.send("GET", f"/c/{code}/eudiw", source, group="offer")
            self.eudi_wallet(c, source, offer.decode("utf-8", "replace"))

        parallel(HOUSEHOLD, holder)
        s = tally.summary()
        self.log(f"limits: household of {HOUSEHOLD} behind one address: {s}")
        self.b.result(f"Rate limits: a household of {HOUSEHOLD} holders behind one address", "429s", None,
                      s["429"], None, "0 refused", s["429"] == 0, 1, None,
                      f"{s['requests']} requests in {s['seconds']} s, peak {s['peakPerSecond']}/s; answers "
                      f"{s['routes']}", extra={"limits": s})

    def eudi_wallet(self, c, source, offer_page):
        """What the EU wallet sends for one card: the offer, the issuer's metadata, the token and the
        credential (the last without a key proof, refused with 400: the limiter counts it alike)."""
        c.send("GET", "/.well-known/openid-credential-issuer", source, group="openid4vci")
        c.send("GET", "/.well-known/oauth-authorization-server", source, group="openid4vci")
        m = re.search(r"credential_offer_uri=([^\"'&<\s]+)", offer_page)
        offer = {}
        if m:
            uri = urllib.parse.urlsplit(urllib.parse.unquote(m.group(1)).replace("&amp;", "&"))
            _, raw, _ = c.send("GET", uri.path + ("?" + uri.query if uri.query else ""), source, group="openid4vci")
            try:
                offer = json.loads(raw)
            except ValueError:
                offer = {}
        else:
            m = re.search(r"credential_offer=([^\"'<\s]+)", offer_page)
            if m:
                try:
                    offer = json.loads(urllib.parse.unquote(m.group(1).replace("&amp;", "&")))
                except ValueError:
                    offer = {}
        grant = offer.get("grants", {}).get("urn:ietf:params:oauth:grant-type:pre-authorized_code", {})
        form = urllib.parse.urlencode({"grant_type": "urn:ietf:params:oauth:grant-type:pre-authorized_code",
                                       "pre-authorized_code": grant.get("pre-authorized_code", "none")})
        _, raw, _ = c.send("POST", "/wallet/eudiw/token", source, body=form, group="openid4vci",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        try:
            token = json.loads(raw).get("access_token", "none")
        except ValueError:
            token = "none"
        c.send("POST", "/wallet/eudiw/credential", source, body=json.dumps({"format": "dc+sd-jwt"}),
               group="openid4vci", headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})

    # ---- 2. the limit is real

    def proof(self, code):
        """Loads of one card page from one address, 16 at once, until the service refuses one: the
        first 429 must come after about 200 (the burst plus what refilled meanwhile), each 429 with
        Retry-After, while another address is still served."""
        tally = Tally()
        source = address(2, 1)
        retry_after = collections.Counter()
        lock = threading.Lock()
        state = {"sent": 0, "first": None}

        def worker(_):
            c = Client(self.port, tally)
            while True:
                with lock:
                    if state["sent"] >= PROOF_LIMIT or (state["first"] and state["sent"] >= state["first"] + 100):
                        return
                    state["sent"] += 1
                status, _, retry = c.send("GET", f"/c/{code}", source, group="page")
                if status == 429:
                    with lock:
                        retry_after[retry] += 1
                        state["first"] = state["first"] or state["sent"]

        parallel(WORKERS, worker)
        other, _, _ = Client(self.port, lambda *a: None).send("GET", f"/c/{code}", address(2, 2))
        s = tally.summary()
        with_header = sum(v for k, v in retry_after.items() if k)
        ok = s["429"] > 0 and with_header == s["429"] and other == 200
        self.log(f"limits: proof: {s}, Retry-After {dict(retry_after)}, another address -> {other}")
        self.b.result("Rate limits: one address loading one card page until refused (the limit is real)",
                      "429s", None, s["429"], None, "429s, each with Retry-After; another address 200", ok, 1,
                      None, f"{s['requests']} requests in {s['seconds']} s (peak {s['peakPerSecond']}/s), "
                      f"the first 429 near request {state['first']}; answers {s['status']}, Retry-After values "
                      f"{dict(retry_after)}; the same page from another address: {other}", extra={"limits": s})

    # ---- 3. the Apple update burst

    def burst(self):
        n = self.devices
        self.cards("Apple burst", ["alpha"], n)
        cid = self.campaign
        deadline = time.time() + self.b.a.timeout
        while self.passes(cid) < n:
            if time.time() > deadline:
                raise RuntimeError(f"only {self.passes(cid)} of {n} Apple passes were created")
            time.sleep(0.5)
        # Setup shortcut, as the other scenarios: each pass installed on a device of its own, registered
        # by SQL. Devices register one by one over weeks; the burst is what this scenario is about.
        self.pg.sql(f"""BEGIN;
            INSERT INTO apple_registrations (device_library_id, serial_number, push_token, created_at)
              SELECT 'device-' || p.serial_number, p.serial_number, md5(p.serial_number) || md5(p.serial_number), now()
                FROM apple_passes p JOIN wallet_cards w ON w.id = p.wallet_card_id WHERE w.campaign_id = '{cid}';
            COMMIT;""")
        self.b.activate([cid])
        self.log(f"limits: {n} Apple passes issued and registered")
        serials = self.pg.sql(f"""SELECT p.serial_number FROM apple_passes p JOIN wallet_cards w ON w.id = p.wallet_card_id
                                  WHERE w.campaign_id = '{cid}' ORDER BY p.serial_number""").split()
        since = self.pg.scalar(f"""SELECT max(p.modified_epoch) FROM apple_passes p
                                   JOIN wallet_cards w ON w.id = p.wallet_card_id WHERE w.campaign_id = '{cid}'""")
        with open(os.path.join(self.b.data_dir, "alpha-pass-tokens.key")) as f:
            key = base64.b64decode(f.read().strip())
        tokens = {s: base64.urlsafe_b64encode(hmac.new(key, s.encode(), hashlib.sha256).digest()).rstrip(b"=").decode()
                  for s in serials}
        self.log("limits: changing the campaign")
        # The campaign change every device is pushed; the passes' tag moves once the change reached them.
        self.api.ok("PATCH", f"/v1/campaigns/{cid}", {"campaignData": {"location": "Hall B"}})
        t0 = time.time()
        while self.pg.scalar(f"""SELECT count(*) FROM apple_passes p JOIN wallet_cards w ON w.id = p.wallet_card_id
                                 WHERE w.campaign_id = '{cid}' AND p.modified_epoch <= {since}""") > 0:
            if time.time() - t0 > self.b.a.timeout:
                raise RuntimeError("the campaign change did not reach every pass")
            time.sleep(0.5)
        self.log(f"limits: the change reached {n} passes in {time.time() - t0:.1f} s")
        for round_no, spread in enumerate(self.spreads):
            self.fetch_round(round_no, spread, serials, tokens, since)

    def passes(self, cid):
        return self.pg.scalar(f"""SELECT count(*) FROM apple_passes p JOIN wallet_cards w ON w.id = p.wallet_card_id
                                  WHERE w.campaign_id = '{cid}'""")

    def fetch_round(self, round_no, spread, serials, tokens, since):
        """Every device does what a push makes it do: ask which passes changed, then fetch the pass,
        all at once (APNs delivers 10,000 pushes in seconds; the devices answer at once). The devices
        sit behind `spread` addresses, each address new to the service (a fresh bucket)."""
        tally = Tally()
        work = list(range(len(serials)))
        lock = threading.Lock()
        fetched = collections.Counter()

        def worker(w):
            c = Client(self.port, tally)
            while True:
                with lock:
                    if not work:
                        return
                    i = work.pop()
                serial = serials[i]
                source = address(3 + round_no, i % spread)
                status, raw, _ = c.send(
                    "GET", f"/wallet/alpha/v1/devices/device-{serial}/registrations/{PASS_TYPE}?passesUpdatedSince={since}",
                    source, group="list")
                if status != 200 or serial not in json.loads(raw).get("serialNumbers", []):
                    with lock:
                        fetched[f"list {status}"] += 1
                    continue  # refused: the device tries again at the next push or refresh
                status, _, _ = c.send("GET", f"/wallet/alpha/v1/passes/{PASS_TYPE}/{serial}", source, group="pass",
                                      headers={"Authorization": "ApplePass " + tokens[serial]})
                with lock:
                    fetched[f"pass {status}"] += 1

        cpu0 = self.b.service.cpu_seconds()
        parallel(WORKERS, worker)
        cpu = round(self.b.service.cpu_seconds() - cpu0, 1)
        s = tally.summary()
        s["devices"] = dict(fetched)
        load = os.getloadavg()[0]
        self.log(f"limits: burst of {len(serials)} devices behind {spread} address(es): {s}, load {load:.1f}")
        per = len(serials) // spread
        self.b.result(f"Rate limits: Apple update burst, {len(serials)} devices behind {spread} address(es) "
                      f"({per} each)", "429s", None, s["429"], None, "0 refused", s["429"] == 0, 1, cpu,
                      f"{s['requests']} requests in {s['seconds']} s, peak {s['peakPerSecond']}/s in all, "
                      f"{s['peakPerSecondOneAddress']}/s from one address; devices {dict(fetched)}; load {load:.1f}",
                      extra={"limits": s})
