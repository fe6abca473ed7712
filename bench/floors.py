"""Database floors of the HTTP scenarios: the statements one request sends, run by pgbench at the
request's concurrency, with nothing else on the path (no HTTP, no Java, no background work).

A scenario cannot reach more of hello's throughput than its floor does in the same run, so the
floor says which targets the database leaves room for on this machine, and the service's share
of its floor says how close the request path comes to what the database allows.

The scripts restate the service's SQL for a request at steady state (statements as logged by
PostgreSQL with `log_statement = all`, 2026-11-24; `SingleAddStatementsTest` counts the add's):
  campaign  the campaign's row (`CampaignQueries.find`); API keys are verified from memory
  page      the campaign's row (404 check), then one statement for the total (the campaign's kept
            counts) and the page (its ids from the index, then its rows; `RecipientQueries.pageStatement`)
  write     in one transaction: the campaign's row, the recipient, its history entry, the
            organization's webhook subscribers (outbox listener), the count in one of the
            campaign's single-add shards (`SingleCardRuns.bump`), commit
The write floor inserts into a campaign of its own with a card batch no job reads, so its rows
never get cards; the card generation the service runs for each add is not part of the floor.
"""

import os
import subprocess

SHARDS = 16  # SingleCardRuns.SHARDS

RECIPIENT_COLUMNS = ("id, organization_id, campaign_id, email, name, phone, external_id, recipient_data, "
                     "provider_types, status, wallet_card_id, content_version, created_at, updated_at")
# A recipient is read with its card's status, which the card owns (`RecipientQueries.COLUMNS`).
RECIPIENT_READ = (RECIPIENT_COLUMNS + ", (SELECT c.status FROM wallet_cards c WHERE c.id = recipients.wallet_card_id)"
                  " AS wallet_card_status")
CAMPAIGN_SELECT = ("SELECT id, organization_id, name, campaign_type, status, campaign_data, metadata, start_date, "
                   "end_date, provider_types, has_recipients, content_version, created_at, updated_at "
                   "FROM campaigns WHERE id = '{cid}' AND organization_id = '{org}' AND deleted_at IS NULL;")


def literal(value):
    return value.replace("'", "''")


def campaign_script(org, cid):
    return CAMPAIGN_SELECT.format(cid=literal(cid), org=literal(org)) + "\n"


def page_script(org, cid, limit, offset):
    where = f"organization_id = '{literal(org)}' AND campaign_id = '{literal(cid)}' AND deleted_at IS NULL"
    return (CAMPAIGN_SELECT.format(cid=literal(cid), org=literal(org)) + "\n"
            + "SELECT t.total, r.* FROM (SELECT COALESCE(SUM(n), 0) AS total FROM recipient_counts"
            + f" WHERE campaign_id = '{literal(cid)}' AND status <> 'deleted') t"
            + f" LEFT JOIN (SELECT {RECIPIENT_READ} FROM recipients WHERE id IN (SELECT id FROM recipients"
            + f" WHERE {where} ORDER BY id LIMIT {int(limit)} OFFSET {int(offset)})"
            + f" AND organization_id = '{literal(org)}') r ON 1 = 1 ORDER BY r.id;\n")


def write_script(org, cid):
    org, cid = literal(org), literal(cid)
    return "\n".join([
        f"\\set shard random(0, {SHARDS - 1})",
        "BEGIN;",
        CAMPAIGN_SELECT.format(cid=cid, org=org),
        f"INSERT INTO recipients ({RECIPIENT_COLUMNS}, live_email, card_batch, invite_on_create) VALUES "
        f"('rcp_' || md5(random()::text), '{org}', '{cid}', md5(random()::text) || '@floor.example', "
        f"'Bench Writer', NULL, NULL, '{{\"seat\":\"W1\"}}', NULL, 'pending', NULL, 1, now(), now(), "
        f"md5(random()::text) || '@floor.example', 'floor/{cid}', FALSE);",
        f"INSERT INTO recipient_history (id, organization_id, recipient_id, status, reason, at) VALUES "
        f"('rsh_' || md5(random()::text), '{org}', 'rcp_floor', 'pending', 'added', now());",
        f"SELECT id, events FROM webhooks WHERE organization_id = '{org}' AND deleted_at IS NULL AND enabled = TRUE;",
        f"UPDATE single_card_runs SET requested = requested + 1 WHERE campaign_id = '{cid}' AND shard = :shard;",
        "COMMIT;",
        ""])


def prepare_write(pg, org, cid):
    """The write floor's campaign gets the shard rows of a run in progress, as the service's campaign has."""
    pg.sql(f"INSERT INTO single_card_runs (campaign_id, shard, organization_id, run_id, requested, created_at) "
           f"SELECT '{literal(cid)}', s, '{literal(org)}', 'run_floor', 0, now() "
           f"FROM generate_series(0, {SHARDS - 1}) s")


def pgbench(pg, name, script, connections, duration, out_dir):
    """Runs the script as pgbench transactions (prepared statements, as the JDBC driver uses after
    a few executions); returns {"tps", "latency_ms"}."""
    path = os.path.join(out_dir, f"floor-{name}.sql")
    with open(path, "w") as f:
        f.write(script)
    cmd = ["pgbench", "-n", "-h", pg.host, "-p", str(pg.port), "-U", pg.user, "-M", "prepared",
           "-c", str(connections), "-j", "2", "-T", str(duration), "-f", path, pg.db]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"pgbench {name} failed: {r.stderr.strip()[-500:]}")
    tps = latency = None
    for line in r.stdout.splitlines():
        if line.startswith("tps ="):
            tps = float(line.split()[2])
        elif line.startswith("latency average ="):
            latency = float(line.split()[3])
    if tps is None:
        raise RuntimeError(f"pgbench {name}: no tps in its output:\n{r.stdout[-500:]}")
    return {"tps": tps, "latency_ms": latency}
