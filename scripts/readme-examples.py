#!/usr/bin/env python3
"""Runs every shell example of README.md against a running service; fails on any non-2xx answer.

Each ```bash block runs in its own `bash -euo pipefail`, with `curl` wrapped to `--fail-with-body`,
so a request that does not answer 2xx fails its block. The variables a block refers to are
provided fresh for it: $KEY, $API, $ADMIN, a campaign $CID, a recipient $RID whose card $CARD is
issued, a scheduled notification $NID, a webhook $ID, an organization $ORG with a key $KEY_ID,
and the callback secret $ALPHA_SECRET. `http://localhost:8080` is replaced by the service's
address and `local-secret` by its callback secret. A block preceded by
`<!-- readme-examples: skip (why) -->` is not run; one marked `postgres` runs only with
--postgres, with its role and database names made unique and both dropped afterwards.

Environment: WALLET_BASE_URL, WALLET_API_KEY, WALLET_ADMIN_TOKEN, WALLET_CALLBACK_SECRET
(the same as the conformance suite's).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
MARKER = re.compile(r"<!--\s*readme-examples:\s*(\w+)")
DEFAULT_ORIGIN = "http://localhost:8080"
DOCUMENTED_SECRET = "local-secret"


def blocks(text):
    """(line number, heading, marker, code) of every ```bash block, in order."""
    lines = text.splitlines()
    heading, marker, found, i = "", None, [], 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        m = MARKER.match(line.strip())
        if m:
            marker = m.group(1)
        elif line.strip() == "```bash":
            start, code = i + 1, []
            i += 1
            while lines[i].strip() != "```":
                code.append(lines[i])
                i += 1
            found.append((start, heading, marker, "\n".join(code)))
            marker = None
        elif line.strip():
            marker = None
        i += 1
    return found


class Service:
    def __init__(self, base, key, admin, secret):
        self.base, self.key, self.admin, self.secret = base.rstrip("/"), key, admin, secret

    def call(self, method, path, body=None, token=None):
        request = urllib.request.Request(
            self.base + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": "Bearer " + (token or self.key), "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"{}").get("data")

    def campaign(self):
        return self.call("POST", "/v1/campaigns", {
            "name": "README example", "campaignType": "event", "startDate": "2031-07-01",
            "campaignData": {"location": "Hall A"}})["id"]

    def recipient(self, cid):
        rid = self.call("POST", f"/v1/campaigns/{cid}/recipients", {
            "email": f"readme.{uuid.uuid4().hex[:10]}@example.com", "name": "Readme Example"})["id"]
        for _ in range(60):
            r = self.call("GET", f"/v1/campaigns/{cid}/recipients/{rid}")
            if r["status"] == "created":
                return rid, r["walletCardId"]
            time.sleep(0.5)
        raise RuntimeError(f"recipient {rid} never got its card")

    def fixtures(self, code):
        """The variables the code refers to, made for it."""
        used = set(re.findall(r"\$\{?([A-Z_]+)", code))
        env = {"KEY": self.key, "API": self.base + "/v1", "ADMIN": self.admin, "ALPHA_SECRET": self.secret}
        if used & {"CID", "RID", "CARD", "NID"}:
            env["CID"] = self.campaign()
        if used & {"RID", "CARD"}:
            env["RID"], env["CARD"] = self.recipient(env["CID"])
        if "NID" in used:
            when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3 * 86400))
            env["NID"] = self.call("POST", f"/v1/campaigns/{env['CID']}/notifications/schedule", {
                "header": "Later", "body": "A scheduled example", "scheduledFor": when})["id"]
        if "ID" in used:
            env["ID"] = self.call("POST", "/v1/webhooks", {
                "url": "https://example.com/readme-hooks", "events": ["*"]})["id"]
        if used & {"ORG", "KEY_ID"}:
            env["ORG"] = self.call("POST", "/admin/v1/organizations", {"name": "README example"}, self.admin)["id"]
            env["KEY_ID"] = self.call(
                "POST", f"/admin/v1/organizations/{env['ORG']}/api-keys", {"name": "readme"}, self.admin)["id"]
        return env


def postgres_names(code):
    """The PostgreSQL block with unique names, and the statements that drop them again."""
    suffix = uuid.uuid4().hex[:8]
    role, database = f"wallet_readme_{suffix}", f"wallet_readme_{suffix}"
    code = re.sub(r"CREATE ROLE wallet\b", f"CREATE ROLE {role}", code)
    code = re.sub(r"CREATE DATABASE wallet OWNER wallet\b", f"CREATE DATABASE {database} OWNER {role}", code)
    if role not in code or database not in code:
        raise RuntimeError("the PostgreSQL block no longer creates role and database 'wallet'")
    cleanup = [f"DROP DATABASE IF EXISTS {database}", f"DROP ROLE IF EXISTS {role}"]
    return code, cleanup


PRELUDE = 'curl() { command curl --fail-with-body --show-error "$@"; }\n'


def run(code, env, workdir):
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", PRELUDE + code],
        cwd=workdir, env={**os.environ, **env}, capture_output=True, text=True, timeout=180)
    return result.returncode, result.stdout + result.stderr


def main():
    with_postgres = "--postgres" in sys.argv[1:]
    service = Service(os.environ["WALLET_BASE_URL"], os.environ["WALLET_API_KEY"],
                      os.environ.get("WALLET_ADMIN_TOKEN", ""), os.environ.get("WALLET_CALLBACK_SECRET", ""))
    workdir = Path(tempfile.mkdtemp(prefix="readme-examples-"))
    # The README reads the bootstrap key from ./data, where `./mvnw spring-boot:run` writes it.
    (workdir / "data").mkdir()
    (workdir / "data" / "bootstrap-api-key.txt").write_text(service.key)
    failures, ran, skipped = [], 0, 0
    for line, heading, marker, code in blocks(README.read_text(encoding="utf-8")):
        label = f"README.md:{line} ({heading})"
        if marker == "skip" or (marker == "postgres" and not with_postgres):
            skipped += 1
            print(f"SKIP {label}")
            continue
        code = code.replace(DEFAULT_ORIGIN, service.base).replace(DOCUMENTED_SECRET, service.secret)
        cleanup = []
        if marker == "postgres":
            code, cleanup = postgres_names(code)
        try:
            status, output = run(code, service.fixtures(code), workdir)
        except (OSError, RuntimeError) as e:  # urllib's HTTPError is an OSError
            status, output = 1, f"could not prepare the block's variables: {e}"
        finally:
            for statement in cleanup:
                subprocess.run(["psql", "-q", "-h", "127.0.0.1", "-U", "postgres", "-c", statement], check=False)
        ran += 1
        if status == 0:
            print(f"PASS {label}")
        else:
            failures.append(label)
            print(f"FAIL {label} (exit {status})\n{output.strip()}\n")
    print(f"{ran} README examples run, {len(failures)} failed, {skipped} skipped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
