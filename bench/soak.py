"""Soak scenario: mixed traffic at a fixed rate for minutes, then an account of every write.

Run by bench.py (`bench/run --only soak`); see bench/README.md. Standard library only.
"""

import hashlib
import hmac
import http.server
import json
import queue
import random
import secrets
import threading
import time
import uuid

# Share of each operation in the mix, per 100 requests.
MIX = [
    ("GET /v1/campaigns/{id}", 32),
    ("GET /v1/campaigns/{id}/recipients", 20),
    ("POST /v1/campaigns/{id}/recipients", 20),
    ("POST /v1/callbacks/{provider}", 16),
    ("POST /v1/campaigns/{id}/recipients/bulk", 6),
    ("PATCH /v1/campaigns/{id}", 4),
    ("POST /v1/campaigns/{id}/notifications", 2),
]
# Event types the soak's webhook receives: one or a few per request. card.created, card.updated and
# recipient.created would add one event per card or recipient touched (a PATCH updates all 1,000
# cards), a load of their own that the scenario does not mean to measure.
WEBHOOK_EVENTS = ["campaign.updated", "card.installed", "card.removed", "notification.sent", "notification.failed"]
BULK_SIZE = 50
CALLBACK_SECRET = "bench"  # bench.py starts the service with this secret for every provider
WORKERS = 16


class Receiver:
    """A webhook endpoint on 127.0.0.1 that answers 200 and keeps every webhook-id it saw."""

    def __init__(self):
        ids = self.ids = set()
        lock = self.lock = threading.Lock()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with lock:
                    ids.add(self.headers.get("webhook-id"))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        class Server(http.server.ThreadingHTTPServer):
            request_queue_size = 256  # the default of 5 resets connections when deliveries come in bursts
            daemon_threads = True

        self.server = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/hooks"

    def seen(self):
        with self.lock:
            return set(self.ids)

    def close(self):
        self.server.shutdown()


class Soak:
    def __init__(self, bench, log):
        self.b = bench
        self.log = log
        self.api = bench.api
        self.minutes = bench.a.soak_minutes
        self.rate = bench.a.soak_rate
        self.latencies = {name: [] for name, _ in MIX}
        self.errors = []
        self.accepted = []  # recipient ids answered with 201
        self.notifications = []  # (campaign, notification id)
        self.lock = threading.Lock()
        self.patches = 0
        self.rss_samples = []  # (seconds into the soak, VmRSS kB)
        self.rss_warm = None
        self.heap_warm = None

    # ---- setup

    def setup(self):
        self.receiver = Receiver()
        self.api.ok("POST", "/v1/webhooks", {"url": self.receiver.url(), "events": WEBHOOK_EVENTS})
        self.campaign = self.api.campaign("Soak")
        self.bulk(self.campaign, "soak-seed", 1000)
        # Notification targets: at most 3 notifications per campaign, so one campaign per 3.
        expected = int(self.minutes * 60 * self.rate * 2 / 100) + 3
        self.notify_campaigns = [self.api.campaign(f"Soak notify {i}") for i in range((expected + 2) // 3)]
        for i, cid in enumerate(self.notify_campaigns):
            self.bulk(cid, f"soak-notify{i}", 20)
        for cid in [self.campaign] + self.notify_campaigns:
            self.b.wait_cards(cid, 1000 if cid == self.campaign else 20, self.b.a.timeout)
        self.b.activate([self.campaign] + self.notify_campaigns)
        self.cards = self.b.pg.sql(f"SELECT id FROM wallet_cards WHERE campaign_id = '{self.campaign}'").split()
        self.notify_slots = queue.Queue()
        for cid in self.notify_campaigns:
            for _ in range(3):
                self.notify_slots.put(cid)

    def bulk(self, cid, tag, n):
        items = [{"email": f"{tag}-{i}@soak.example"} for i in range(n)]
        data = self.api.ok("POST", f"/v1/campaigns/{cid}/recipients/bulk", {"recipients": items, "sendEmail": False})
        return [r["id"] for r in data["recipients"]]

    # ---- traffic

    def request(self, op):
        cid = self.campaign
        if op == "GET /v1/campaigns/{id}":
            return self.api.call("GET", f"/v1/campaigns/{cid}"), 200
        if op == "GET /v1/campaigns/{id}/recipients":
            return self.api.call("GET", f"/v1/campaigns/{cid}/recipients?limit=20&offset={random.randrange(900)}"), 200
        if op == "POST /v1/campaigns/{id}/recipients":
            body = {"email": f"one-{uuid.uuid4().hex[:16]}@soak.example", "name": "Soak One"}
            return self.api.call("POST", f"/v1/campaigns/{cid}/recipients", body), 201
        if op == "POST /v1/campaigns/{id}/recipients/bulk":
            tag = uuid.uuid4().hex[:12]
            items = [{"email": f"bulk-{tag}-{i}@soak.example"} for i in range(BULK_SIZE)]
            body = {"recipients": items, "sendEmail": False}
            return self.api.call("POST", f"/v1/campaigns/{cid}/recipients/bulk", body), 201
        if op == "PATCH /v1/campaigns/{id}":
            body = {"campaignData": {"location": f"Hall {secrets.token_hex(2)}"}}
            return self.api.call("PATCH", f"/v1/campaigns/{cid}", body), 200
        if op == "POST /v1/callbacks/{provider}":
            return self.callback(random.choice(self.cards)), 200
        if op == "POST /v1/campaigns/{id}/notifications":
            try:
                target = self.notify_slots.get_nowait()
            except queue.Empty:
                return self.request("GET /v1/campaigns/{id}")
            result = self.api.call("POST", f"/v1/campaigns/{target}/notifications",
                                   {"header": "Soak", "body": "Still here"})
            if result[0] == 201:
                with self.lock:
                    self.notifications.append((target, result[1]["data"]["id"]))
            return result, 201
        raise ValueError(op)

    def callback(self, card):
        """A signed INSTALL or UNINSTALL from beta, as the wallet would send it."""
        body = json.dumps({"eventId": uuid.uuid4().hex, "event": random.choice(["INSTALL", "UNINSTALL"]),
                           "walletCardId": card, "occurredAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
        t = int(time.time())
        mac = hmac.new(CALLBACK_SECRET.encode(), f"{t}.{body}".encode(), hashlib.sha256).hexdigest()
        return self.api.call("POST", "/v1/callbacks/beta", body.encode(), {"X-Wallet-Signature": f"t={t},v1={mac}"})

    def work(self, jobs):
        while True:
            op = jobs.get()
            if op is None:
                return
            started = time.perf_counter()
            try:
                (status, doc), expected = self.request(op)
            except Exception as e:  # noqa: BLE001 - every failure is counted, none stops the soak
                with self.lock:
                    self.errors.append(f"{op}: {e}")
                continue
            elapsed = (time.perf_counter() - started) * 1000
            with self.lock:
                self.latencies[op].append(elapsed)
                if status != expected:
                    self.errors.append(f"{op}: {status} {json.dumps(doc)[:200]}")
                elif op == "POST /v1/campaigns/{id}/recipients":
                    self.accepted.append(doc["data"]["id"])
                elif op == "POST /v1/campaigns/{id}/recipients/bulk":
                    self.accepted.extend(r["id"] for r in doc["data"]["recipients"])
                elif op == "PATCH /v1/campaigns/{id}":
                    self.patches += 1

    def traffic(self):
        """Issues requests at a fixed rate, whatever the answers take: an open workload."""
        ops = [name for name, share in MIX for _ in range(share)]
        jobs = queue.Queue()
        workers = [threading.Thread(target=self.work, args=(jobs,), daemon=True) for _ in range(WORKERS)]
        for w in workers:
            w.start()
        interval = 1.0 / self.rate
        start = time.perf_counter()
        end = start + self.minutes * 60
        # Heap and code cache grow during the first minutes of traffic (the JIT compiles the hot
        # paths, the heap expands to its working size); growth is measured after.
        warm_up_end = start + min(120, self.minutes * 60 / 5)
        n = 0
        next_sample = start
        while True:
            due = start + n * interval
            if due >= end:
                break
            now = time.perf_counter()
            if now >= next_sample:
                self.rss_samples.append((round(now - start), self.b.service.status_kb("VmRSS")))
                next_sample += 10
            if self.rss_warm is None and now >= warm_up_end:
                self.rss_warm, self.heap_warm = self.b.service.settled_kb()
            if due > now:
                time.sleep(due - now)
            jobs.put(random.choice(ops))
            n += 1
        for _ in workers:
            jobs.put(None)
        for w in workers:
            w.join(120)
        return n, jobs.qsize()

    # ---- accounting

    def settle(self, timeout):
        """Waits until the background work of the soak is done; answers what is still open."""
        deadline = time.time() + timeout
        while True:
            open_work = self.open_work()
            if not open_work or time.time() > deadline:
                return open_work
            time.sleep(1)

    def open_work(self):
        pg = self.b.pg
        left = {}
        stored = set(pg.sql(f"SELECT id FROM recipients WHERE campaign_id = '{self.campaign}'").split())
        left["accepted recipients missing"] = len(set(self.accepted) - stored)
        left["recipients without a card"] = pg.scalar(
            f"SELECT count(*) FROM recipients WHERE campaign_id = '{self.campaign}' AND wallet_card_id IS NULL")
        # Only what is installed is pushed: a card uninstalled by a callback may stay behind.
        left["installed cards behind"] = pg.scalar(f"""SELECT count(*) FROM local_wallet_objects o
            JOIN provider_objects p ON p.wallet_card_id = o.wallet_card_id AND p.provider = o.provider
            JOIN wallet_cards w ON w.id = o.wallet_card_id
            JOIN recipients r ON r.id = w.recipient_id
            JOIN campaigns c ON c.id = w.campaign_id
            WHERE w.campaign_id = '{self.campaign}' AND w.status = 'active' AND p.installed AND NOT p.voided
              AND o.content_version < c.content_version + r.content_version""")
        left["propagations running"] = pg.scalar("SELECT count(*) FROM card_propagations")
        nids = ",".join(f"'{n}'" for _, n in self.notifications) or "''"
        left["notifications not sent"] = pg.scalar(
            f"SELECT count(*) FROM notifications WHERE id IN ({nids}) AND status NOT IN ('sent', 'failed')")
        left["webhook deliveries open"] = pg.scalar(
            "SELECT count(*) FROM webhook_deliveries WHERE status <> 'succeeded'")
        events = set(pg.sql("SELECT event_id FROM webhook_deliveries").split())
        left["webhook events not received"] = len(events - self.receiver.seen())
        return {k: v for k, v in left.items() if v}

    # ---- the scenario

    def run(self):
        self.setup()
        rss_start = self.b.service.status_kb("VmRSS")
        cpu0 = self.b.service.cpu_seconds()
        t0 = time.time()
        issued, unsent = self.traffic()
        wall = time.time() - t0
        rss_end, heap_end = self.b.service.settled_kb()
        self.log(f"soak traffic done: {issued} requests; waiting for the background work to finish")
        open_work = self.settle(self.b.a.timeout)
        self.receiver.close()
        warm = self.rss_warm or rss_start
        growth = (rss_end - warm) / warm * 100
        heap_warm = self.heap_warm or heap_end
        heap_growth = (heap_end - heap_warm) / heap_warm * 100
        p99 = {op: (round(percentile(v, 99), 1) if v else None) for op, v in self.latencies.items()}
        counts = {op: len(v) for op, v in self.latencies.items()}
        detail = (f"{issued} requests in {wall:.0f} s ({issued / wall:.1f}/s), {len(self.errors)} errors; "
                  f"RSS {rss_start // 1024} MB at start, {warm // 1024} MB after warm-up, {rss_end // 1024} MB at "
                  f"end ({growth:+.1f} %), both after a full GC; live heap {heap_warm // 1024} MB after warm-up, "
                  f"{heap_end // 1024} MB at end ({heap_growth:+.1f} %); {len(self.accepted)} recipients accepted, {len(self.notifications)} "
                  f"notifications, {self.patches} PATCHes; open after the soak: {open_work or 'nothing'}")
        passed = not self.errors and growth <= 10 and not open_work and unsent == 0
        self.b.result(f"Soak: {self.minutes:g} min of mixed traffic at {self.rate:g} requests/s", "errors", None,
                      len(self.errors), None, "0 errors, RSS growth <= 10 % after warm-up, every write accounted for",
                      passed, 1, round(self.b.service.cpu_seconds() - cpu0, 1), detail,
                      extra={"p99MsPerRoute": p99, "requestsPerRoute": counts, "rssKbAtStart": rss_start,
                             "rssKbAfterWarmUp": warm, "rssKbAtEnd": rss_end, "rssGrowthPercent": round(growth, 1),
                             "liveHeapKbAfterWarmUp": heap_warm, "liveHeapKbAtEnd": heap_end,
                             "rssKbSamples": self.rss_samples, "errorsSample": self.errors[:20],
                             "openWork": open_work})
        for op in self.latencies:
            self.log(f"soak {op}: {counts[op]} requests, p99 {p99[op]} ms")


def percentile(values, p):
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]
