#!/usr/bin/env python3
"""Runs the shell examples of README.md against a running service, in order, in one shell.

The README's ```bash blocks form a tour: a later block uses the variables an earlier one set
($KEY, $CID, $RID …). So they run in order in ONE `bash -euo pipefail` session, with `curl`
wrapped to `--fail-with-body`: a request that does not answer 2xx, or any failing command, ends
the session, and the block it ended in fails (the blocks after it are reported as not run).
The session's working directory is a fresh temporary directory, so no example writes into the
repository.

Substitutions, so that the README's text runs against a service started elsewhere:
- `http://localhost:8080` becomes WALLET_BASE_URL;
- `$(cat data/bootstrap-api-key.txt)` (where the README reads the bootstrap key that
  `./mvnw spring-boot:run` wrote) becomes WALLET_API_KEY;
- `local-secret` (the documented callback secret) becomes WALLET_CALLBACK_SECRET.

A block preceded by `<!-- readme-examples: skip (why) -->` is not run (blocks that start the
service or the build); one marked `postgres` runs only with --postgres, with its role and
database names made unique and both dropped afterwards. --verbose prints each block's output.

Environment: WALLET_BASE_URL, WALLET_API_KEY, WALLET_CALLBACK_SECRET (the same as the
conformance suite's; WALLET_ADMIN_TOKEN is passed on as ADMIN for blocks that use it).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
MARKER = re.compile(r"<!--\s*readme-examples:\s*(\w+)")
DEFAULT_ORIGIN = "http://localhost:8080"
DOCUMENTED_SECRET = "local-secret"
KEY_FILE_READ = "$(cat data/bootstrap-api-key.txt)"
BLOCK_DONE = "::readme-examples block done::"
PRELUDE = 'curl() { command curl --fail-with-body --show-error "$@"; }\n'


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


def postgres_names(code):
    """The PostgreSQL block with unique names, and the statements that drop them again."""
    suffix = uuid.uuid4().hex[:8]
    role, database = f"wallet_readme_{suffix}", f"wallet_readme_{suffix}"
    code = re.sub(r"CREATE ROLE wallet\b", f"CREATE ROLE {role}", code)
    code = re.sub(r"CREATE DATABASE wallet OWNER wallet\b", f"CREATE DATABASE {database} OWNER {role}", code)
    if role not in code or database not in code:
        raise RuntimeError("the PostgreSQL block no longer creates role and database 'wallet'")
    return code, [f"DROP DATABASE IF EXISTS {database}", f"DROP ROLE IF EXISTS {role}"]


def substitute(code, base, key, secret):
    if KEY_FILE_READ in code:
        code = code.replace(KEY_FILE_READ, shlex.quote(key))
    return code.replace(DEFAULT_ORIGIN, base).replace(DOCUMENTED_SECRET, secret)


def main():
    with_postgres, verbose = "--postgres" in sys.argv[1:], "--verbose" in sys.argv[1:]
    base = os.environ["WALLET_BASE_URL"].rstrip("/")
    key, secret = os.environ["WALLET_API_KEY"], os.environ.get("WALLET_CALLBACK_SECRET", "")
    to_run, skipped, cleanup = [], 0, []
    for line, heading, marker, code in blocks(README.read_text(encoding="utf-8")):
        label = f"README.md:{line} ({heading})"
        if marker == "skip" or (marker == "postgres" and not with_postgres):
            skipped += 1
            print(f"SKIP {label}")
            continue
        code = substitute(code, base, key, secret)
        if marker == "postgres":
            code, drops = postgres_names(code)
            cleanup += drops
        to_run.append((label, code))

    # One script: each block followed by a line that says it got through.
    script = PRELUDE + "".join(f"{code}\necho '{BLOCK_DONE}{n}'\n" for n, (_, code) in enumerate(to_run))
    workdir = tempfile.mkdtemp(prefix="readme-examples-")
    # mktemp in a block (the README's scratch directory) lands in the work directory, removed at the end.
    env = {**os.environ, "ADMIN": os.environ.get("WALLET_ADMIN_TOKEN", ""), "TMPDIR": workdir}
    done, outputs, current = set(), {n: [] for n in range(len(to_run))}, 0
    try:
        with subprocess.Popen(["bash", "-euo", "pipefail", "-c", script], cwd=workdir, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT) as shell:
            for out in shell.stdout:
                if out.startswith(BLOCK_DONE):
                    done.add(int(out[len(BLOCK_DONE):]))
                    print(f"PASS {to_run[current][0]}", flush=True)
                    if verbose:
                        print("".join(outputs[current]), flush=True)
                    current += 1
                elif current < len(to_run):
                    outputs[current].append(out)
            status = shell.wait(timeout=600)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        for statement in cleanup:
            subprocess.run(["psql", "-q", "-h", "127.0.0.1", "-U", "postgres", "-c", statement], check=False)

    failed = 0
    for n, (label, _) in enumerate(to_run):
        if n in done:
            continue
        if n == current:
            failed += 1
            print(f"FAIL {label} (the shell exited with {status})\n{''.join(outputs[n]).strip()}\n")
        else:
            print(f"NOT RUN {label} (an earlier block failed)")
    not_run = len(to_run) - len(done) - failed
    print(f"{len(done)} README examples passed, {failed} failed, {not_run} not run, {skipped} skipped")
    return 0 if len(done) == len(to_run) else 1


if __name__ == "__main__":
    sys.exit(main())
