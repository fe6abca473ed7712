"""The `million` scenario: one campaign PATCH reaching 1,000,000 Apple devices as APNs pushes.

Run by bench.py (`bench/run --only million`, and by default at `--size` >= 1,000,000); see
bench/README.md, "A million Apple devices". The service runs as a process of its own with
`alpha` in its real protocol (passes signed with the generated development chain) and pushes to
pushy's MockApnsServer (bench/apns/MockApnsMain.java) on this machine; the baseline is pushy's
ApnsClient alone sending as many pushes to the same server at the same concurrency.
Standard library only.
"""

import base64
import hashlib
import hmac
import http.client
import os
import secrets
import shutil
import subprocess
import threading
import time
import zipfile

TARGET_SECONDS = 120
TARGET_RSS_MB = 512
PASS_TYPE = "pass.local.walletcards.dev"  # the development chain's pass type id


class Million:
    def __init__(self, bench, log, api_cls, service_cls, service_env, free_port, out, bench_dir):
        self.b, self.log, self.pg, self.a = bench, log, bench.pg, bench.a
        self.Api = api_cls
        self.Service, self.service_env, self.free_port = service_cls, service_env, free_port
        self.out, self.bench_dir = out, bench_dir
        self.devices = self.a.million_devices
        self.concurrency = int(os.environ.get("WALLET_ALPHA_APNS_CONCURRENCY", "500"))
        self.rss_peak_kb, self.rss_samples, self.sampling = 0, 0, False

    # ---- processes

    def libraries(self, jar):
        """pushy, netty and Bouncy Castle as the service itself runs them: the jar's BOOT-INF/lib."""
        d = os.path.join(self.out, "apns-lib")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        with zipfile.ZipFile(jar) as z:
            for name in z.namelist():
                if name.startswith("BOOT-INF/lib/") and name.endswith(".jar"):
                    with z.open(name) as src, open(os.path.join(d, os.path.basename(name)), "wb") as dst:
                        shutil.copyfileobj(src, dst)
        return os.path.join(d, "*")

    def start_mock(self, java, classpath, chain_dir, port):
        work = os.path.join(self.out, "million-apns")
        shutil.rmtree(work, ignore_errors=True)
        self.mock_log = open(os.path.join(self.out, "mock-apns.log"), "w")
        self.mock = subprocess.Popen([java, "-Xmx512m", "-cp", classpath,
                                      os.path.join(self.bench_dir, "apns", "MockApnsMain.java"),
                                      "serve", work, chain_dir, str(port)],
                                     stdout=subprocess.PIPE, stderr=self.mock_log, text=True)
        self.lines = {}
        ready = threading.Event()

        def read():
            for line in self.mock.stdout:
                key, _, value = line.strip().partition(" ")
                self.lines[key] = value
                if key in ("CA", "STATUS"):
                    ready.set()
        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(120) or "CA" not in self.lines:
            raise RuntimeError("the mock APNs did not write its CA; see target/bench/mock-apns.log")
        ready.clear()
        return self.lines["CA"], ready

    def status(self):
        c = http.client.HTTPConnection("127.0.0.1", int(self.lines["STATUS"]), timeout=10)
        c.request("GET", "/")
        accepted, rejected, first, last, devices, last_new = (int(x) for x in c.getresponse().read().split())
        c.close()
        return accepted, rejected, devices, last_new

    def sample_rss(self, pid):
        """VmRSS of the service every 0.5 s, for the peak over the scenario (VmHWM would include
        the moment before it, which is the same here: the process is the scenario's own)."""
        while self.sampling:
            try:
                with open(f"/proc/{pid}/status") as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            self.rss_peak_kb = max(self.rss_peak_kb, int(line.split()[1]))
                            self.rss_samples += 1
            except OSError:
                return
            time.sleep(0.5)

    # ---- the scenario

    def run(self, java, jar, flags):
        n = self.devices
        classpath = self.libraries(jar)
        data_dir = os.path.join(self.out, "million-data")
        shutil.rmtree(data_dir, ignore_errors=True)
        apns_port = self.free_port()
        ca, ready = self.start_mock(java, classpath, os.path.join(data_dir, "alpha-dev-certificates"), apns_port)
        port = self.free_port()
        env = self.service_env(port, self.pg, self.b.key, data_dir, WALLET_ALPHA_APNS_HOST="localhost",
                               WALLET_ALPHA_APNS_PORT=str(apns_port), WALLET_ALPHA_APNS_TRUSTED_CA=ca,
                               WALLET_ALPHA_APNS_CONCURRENCY=str(self.concurrency))
        env.pop("WALLET_PROVIDER_ALPHA_MODE")  # Apple passes and APNs, the service's default
        service = self.Service(java, jar, flags, port, env, os.path.join(self.out, "million-service.log"),
                               (self.a.service_args or "").split())
        try:
            service.start()
            self.sampling = True
            threading.Thread(target=self.sample_rss, args=(service.proc.pid,), daemon=True).start()
            if not ready.wait(120):
                raise RuntimeError("the mock APNs did not start; see target/bench/mock-apns.log")
            self.api = self.Api(port, self.b.key)
            self.measure(service, data_dir, n, java, classpath, apns_port, ca)
        finally:
            self.sampling = False
            service.stop()
            self.mock.terminate()
            self.mock.wait(30)
            self.mock_log.close()

    def measure(self, service, data_dir, n, java, classpath, apns_port, ca):
        api = self.api
        cid = api.ok("POST", "/v1/campaigns", {
            "name": "Million", "campaignType": "event",
            "campaignData": {"location": "Hall A", "start_time": "18:00", "end_time": "22:00"},
            "providerTypes": ["alpha", "beta"]})["id"]
        # One card issued by the service itself: its rows are the template of the seeded ones.
        api.ok("POST", f"/v1/campaigns/{cid}/recipients/bulk",
               {"recipients": [{"email": "million-0@bench.example", "name": "Holder 0",
                                "recipientData": {"seat": "S0"}}], "sendEmail": False})
        deadline = time.time() + 120
        while self.pg.scalar(f"""SELECT count(*) FROM apple_passes p JOIN wallet_cards w ON w.id = p.wallet_card_id
                                 WHERE w.campaign_id = '{cid}'""") < 1:
            if time.time() > deadline:
                raise RuntimeError("the template card's Apple pass was not created")
            time.sleep(0.2)
        t0 = time.time()
        script = self.copy_files(cid, data_dir, n)
        generated = time.time() - t0
        copied = self.pg.script(script)
        t1 = time.time()
        self.pg.sql(f"""BEGIN;
            UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE, last_event_at = now(), updated_at = now()
             WHERE wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = '{cid}');
            UPDATE wallet_cards SET status = 'active', updated_at = now() WHERE campaign_id = '{cid}';
            COMMIT;""")
        for table in ("recipients", "recipient_history", "wallet_cards", "provider_objects", "local_wallet_objects",
                      "apple_passes", "apple_registrations"):
            self.pg.sql(f"VACUUM ANALYZE {table}")
        devices = self.pg.scalar(f"""SELECT count(*) FROM apple_registrations r JOIN apple_passes p
                                     ON p.serial_number = r.serial_number JOIN wallet_cards w ON w.id = p.wallet_card_id
                                     WHERE w.campaign_id = '{cid}'""")
        self.log(f"million: {devices} registered devices seeded (files {generated:.0f} s, COPY {copied:.0f} s, "
                 f"activate and analyze {time.time() - t1:.0f} s), load {os.getloadavg()[0]:.1f}")
        before, _, devices_before, _ = self.status()
        cpu0 = service.cpu_seconds()
        load0 = os.getloadavg()[0]
        api.ok("PATCH", f"/v1/campaigns/{cid}", {"campaignData": {"location": "Hall B"}})
        answered = time.time()
        seen, progress_at = devices_before, time.time()
        while True:
            accepted, rejected, reached, last = self.status()
            if reached - devices_before >= devices:
                break
            if reached != seen:
                seen, progress_at = reached, time.time()
            if time.time() - progress_at > 120 or time.time() - answered > self.a.timeout:
                self.log(f"million: stopped waiting: {reached - devices_before} of {devices} devices pushed")
                break
            time.sleep(0.2)
        pushed = reached - devices_before
        repeated = accepted - before - pushed
        seconds = round(last / 1000 - answered, 1) if pushed else None
        cpu = round(service.cpu_seconds() - cpu0, 1)
        load1 = os.getloadavg()[0]
        rate = round(pushed / seconds) if seconds else 0
        self.log(f"million: {pushed} devices pushed {seconds} s after the PATCH's answer ({rate}/s), "
                 f"{repeated} pushes repeated, {rejected} rejected, load {load0:.1f} -> {load1:.1f}")
        base_seconds, base_ok = self.baseline(java, classpath, apns_port, ca, data_dir, devices)
        base_rate = round(devices / base_seconds) if base_seconds else 0
        load2 = os.getloadavg()[0]
        self.sampling = False
        peak = round(self.rss_peak_kb / 1024)
        ratio = round(rate / base_rate, 3) if base_rate else None
        self.b.result(f"Million: campaign PATCH to the last of {devices:,} APNs pushes accepted", "s", None, seconds,
                      None, f"<= {TARGET_SECONDS} s", pushed >= devices and seconds is not None
                      and seconds <= TARGET_SECONDS, 1, cpu,
                      f"{pushed:,} devices pushed (accepted by pushy's MockApnsServer), {repeated:,} pushes repeated "
                      f"(a batch retried), {rejected} rejected; seeding: COPY {copied:.0f} s; "
                      f"load {load0:.1f} -> {load1:.1f}", extra={"million": {"devices": devices, "pushed": pushed, "repeated": repeated}})
        self.b.result(f"Million: pushes per second, service vs pushy's ApnsClient alone ({devices:,} pushes, "
                      f"{self.concurrency} in flight)", "pushes/s", base_rate, rate, ratio, "reported", True, 1, cpu,
                      f"baseline {base_ok:,} accepted in {base_seconds:.1f} s, same server and concurrency, one "
                      f"connection each; load {load1:.1f} -> {load2:.1f}")
        self.b.result("Million: peak RSS of the service (VmRSS every 0.5 s)", "MB", None, peak, None,
                      f"<= {TARGET_RSS_MB} MB", peak <= TARGET_RSS_MB, 1, round(service.cpu_seconds(), 1),
                      f"{self.rss_samples} samples from the service's start to the end of the scenario; CPU column = "
                      "total CPU seconds of this service process")

    def baseline(self, java, classpath, apns_port, ca, data_dir, n):
        chain = os.path.join(data_dir, "alpha-dev-certificates", "chain.pem")
        r = subprocess.run([java, "-cp", classpath, os.path.join(self.bench_dir, "apns", "MockApnsMain.java"),
                            "baseline", str(apns_port), ca, chain, str(n), str(self.concurrency), PASS_TYPE],
                           capture_output=True, text=True, timeout=3600)
        for line in r.stdout.splitlines():
            if line.startswith("BASELINE "):
                _, _, seconds, ok = line.split()
                return float(seconds), int(ok)
        raise RuntimeError(f"the pushy baseline failed: {r.stderr[-2000:]}")

    # ---- seeding

    def columns(self, table):
        """The columns a statement can write (generated ones are the database's own), in table order."""
        return ", ".join(self.pg.sql(f"""SELECT column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = '{table}' AND is_generated = 'NEVER'
            ORDER BY ordinal_position""").split())

    def template(self, table, where):
        text = self.pg.sql(f"COPY (SELECT {self.columns(table)} FROM {table} WHERE {where}) TO STDOUT WITH (FORMAT csv)")
        return text.splitlines()

    def copy_files(self, cid, data_dir, n):
        """CSV files of n - 1 more cards like the service's template card, and every one's device.

        The rows are the template card's own rows (every column the service wrote, in the table's
        order) with its identifiers, codes, e-mail address and pass token hash replaced: the same
        statements' rows in bulk, as a million registrations over months would leave them."""
        card = self.pg.sql(f"SELECT id FROM wallet_cards WHERE campaign_id = '{cid}'")
        rid = self.pg.sql(f"SELECT recipient_id FROM wallet_cards WHERE id = '{card}'")
        refs = dict(line.split("|") for line in self.pg.sql(
            f"SELECT provider, object_ref FROM provider_objects WHERE wallet_card_id = '{card}'").splitlines())
        code, barcode = self.pg.sql(f"SELECT download_code || '|' || barcode_value FROM wallet_cards "
                                    f"WHERE id = '{card}'").split("|")
        history = self.pg.sql(f"SELECT id FROM recipient_history WHERE recipient_id = '{rid}'").split()
        serial = refs["alpha"]
        token_hash = self.pg.sql(f"SELECT auth_token_hash FROM apple_passes WHERE serial_number = '{serial}'")
        tables = {
            "recipients": f"id = '{rid}'",
            "recipient_history": f"recipient_id = '{rid}'",
            "wallet_cards": f"id = '{card}'",
            "provider_objects": f"wallet_card_id = '{card}'",
            "local_wallet_objects": f"wallet_card_id = '{card}'",
            "apple_passes": f"serial_number = '{serial}'",
        }
        rows = {t: self.template(t, w) for t, w in tables.items()}
        with open(os.path.join(data_dir, "alpha-pass-tokens.key")) as f:
            key = base64.b64decode(f.read().strip())
        d = os.path.join(self.out, "million-copy")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        files = {t: open(os.path.join(d, t + ".csv"), "w") for t in list(tables) + ["apple_registrations"]}
        now = self.pg.sql("SELECT now()")
        fresh = lambda old: old.split("_", 1)[0] + "_" + secrets.token_hex(16)
        for i in range(n):
            new_serial = fresh(serial) if i else serial
            token = base64.urlsafe_b64encode(hmac.new(key, new_serial.encode(), hashlib.sha256).digest()).rstrip(b"=")
            files["apple_registrations"].write(
                f"device-{new_serial},{new_serial},{secrets.token_hex(32)},{now}\n")
            if i == 0:
                continue  # the template card itself: only its device is new
            swap = {rid: fresh(rid), card: fresh(card), code: secrets.token_urlsafe(len(code) * 3 // 4),
                    barcode: secrets.token_urlsafe(len(barcode) * 3 // 4), serial: new_serial,
                    "million-0@bench.example": f"million-{i}@bench.example",
                    "Holder 0": f"Holder {i}", '""seat"":""S0""': f'""seat"":""S{i}""',
                    token_hash: hashlib.sha256(token).hexdigest()}
            swap.update({ref: fresh(ref) for p, ref in refs.items() if p != "alpha"})
            swap.update({h: fresh(h) for h in history})
            for t, lines in rows.items():
                for line in lines:
                    for old, new in swap.items():
                        line = line.replace(old, new)
                    files[t].write(line + "\n")
        for f in files.values():
            f.close()
        script = os.path.join(d, "copy.sql")
        with open(script, "w") as s:
            s.write("BEGIN;\n")
            for t in files:
                cols = "device_library_id, serial_number, push_token, created_at" if t == "apple_registrations" \
                    else self.columns(t)
                s.write(f"\\copy {t} ({cols}) FROM '{os.path.join(d, t + '.csv')}' WITH (FORMAT csv)\n")
            s.write("COMMIT;\n")
        return script
