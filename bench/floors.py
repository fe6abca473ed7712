"""Database floors of the HTTP scenarios: the statements one request sends, run by pgbench at the
request's concurrency, with nothing else on the path (no HTTP, no Java, no background work).

A scenario cannot reach more of hello's throughput than its floor does in the same run, so the
floor says which targets the database leaves room for on this machine, and the service's share
of its floor says how close the request path comes to what the database allows.

The scripts restate the service's SQL for a request at steady state (statements as logged by
PostgreSQL with `log_statement = all`, 2026-11-24, and again 2026-11-28 for the add's card; `SingleAddStatementsTest` counts the add's own):
  campaign  the campaign's row (`CampaignQueries.find`); API keys are verified from memory
  page      the campaign's row (404 check), then one statement for the total (the campaign's kept
            counts) and the page (its ids from the index, then its rows; `RecipientQueries.pageStatement`)
  write     one add and the card it causes, as one pgbench transaction (its tps are adds with their
            cards):
            - the add, in one transaction: the campaign's row, the recipient, its history entry, its
              journey milestone and `added` counter (under a savepoint), the organization's webhook
              subscribers (outbox listener), the count in one of the campaign's single-add shards
              (`SingleCardRuns.bump`); then its audit entry
            - the card generation's batch (`RecipientCards`), in one transaction: the claim of the
              recipients waiting for a card (`FOR UPDATE SKIP LOCKED`; the floor's claims only its own
              add's, so that clients do not wait on each other's locks), the campaign, the
              recipient and the organization read, the wallet card, its two provider objects, the
              provider-calls job (db-scheduler's `scheduled_tasks` row), the journey milestone
              (locked, its facts, updated) and `cardCreated` counter, the webhook subscribers, the
              recipient's status and card, its `card created` history entry; then the look for more
            - the provider-calls job (local mode): the task picked and read, the batch's objects with
              their cards, organization, recipient and campaign read, the two local wallet objects
              inserted, the provider objects marked created in one transaction, the task deleted
            Each card is its own batch of one, as a single add alone makes it. Under wrk's 16
            connections the service claims several waiting recipients per batch, so its per-card
            share of the claim, the reads and the job rows is smaller than the floor's: the write
            floor is the database work of one add and its card taken one at a time, not a bound
            below the batched service. The run's own start and end (its `single_card_runs` shard
            rows and `single-card-generation` task) span many adds at steady state and are left out.
The write floor inserts into a campaign of its own whose waiting recipients no job of the service
reads (a card batch of its own), so the floor makes each card itself.
"""

import os
import subprocess

SHARDS = 16  # SingleCardRuns.SHARDS

RECIPIENT_COLUMNS = ("id, organization_id, campaign_id, email, name, phone, external_id, recipient_data, "
                     "provider_types, locale, status, wallet_card_id, content_version, created_at, updated_at")
# A recipient is read with its card's status, which the card owns (`RecipientQueries.COLUMNS`).
RECIPIENT_READ = (RECIPIENT_COLUMNS + ", (SELECT c.status FROM wallet_cards c WHERE c.id = recipients.wallet_card_id)"
                  " AS wallet_card_status")
CAMPAIGN_COLUMNS = ("id, organization_id, name, campaign_type, status, campaign_data, metadata, start_date, end_date, "
                    "provider_types, has_recipients, content_version, created_at, updated_at, event_starts_at, event_ends_at")
CAMPAIGN_SELECT = ("SELECT " + CAMPAIGN_COLUMNS + " FROM campaigns WHERE id = '{cid}' AND organization_id = '{org}' AND deleted_at IS NULL;")

WEBHOOKS = "SELECT id, events FROM webhooks WHERE organization_id = '{org}' AND deleted_at IS NULL AND enabled = TRUE;"
ORGANIZATION = ("SELECT id, name, contact_email, contact_phone, contact_url, default_locale, created_at "
                "FROM organizations WHERE id = '{org}';")
PROVIDERS = ("alpha", "beta")  # the benchmark campaigns' two providers: two wallet objects per card


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
    """One add and its card, as one pgbench transaction (the tps are adds with their cards): the add's
    transaction and its audit entry, then the card generation's batch of that one recipient and the
    provider-calls job that stores its wallet objects."""
    org, cid = literal(org), literal(cid)
    # Ids of this add: pgbench passes :r as a parameter, so each id is an expression of it.
    rid, card, calls = ("'rcp_f' || :r::text", "'card_f' || :r::text", "'calls_f' || :r::text")
    batch = f"floor/{cid}"
    campaign = CAMPAIGN_SELECT.format(cid=cid, org=org)
    return "\n".join([
        "\\set r random(1, 9000000000000000000)",
        f"\\set shard random(0, {SHARDS - 1})",
        # the add (RecipientStore.insert, journey milestone, SingleCardRuns.bump)
        "BEGIN;",
        campaign,
        f"INSERT INTO recipients ({RECIPIENT_COLUMNS}, live_email, card_batch, invite_on_create) VALUES "
        f"({rid}, '{org}', '{cid}', :r::text || '@floor.example', 'Bench Writer', NULL, NULL, "
        f"'{{\"seat\":\"W1\"}}', NULL, NULL, 'pending', NULL, 1, now(), now(), :r::text || '@floor.example', "
        f"'{batch}', FALSE);",
        f"INSERT INTO recipient_history (id, organization_id, recipient_id, status, reason, at) VALUES "
        f"('rsh_fa' || :r::text, '{org}', {rid}, 'pending', 'added', now());",
        'SAVEPOINT "SAVEPOINT_1";',
        f"INSERT INTO journey_milestones (recipient_id, organization_id, campaign_id, reached, installed_now, devices, "
        f"opened_count, deleted) VALUES ({rid}, '{org}', '{cid}', 1, 0, 0, 0, FALSE);",
        f"INSERT INTO journey_counts (campaign_id, metric, on_day, n) VALUES ('{cid}', 'added', NULL, 1);",
        'RELEASE SAVEPOINT "SAVEPOINT_1";',
        WEBHOOKS.format(org=org),
        f"UPDATE single_card_runs SET requested = requested + 1 WHERE campaign_id = '{cid}' AND shard = :shard;",
        "COMMIT;",
        # the audit entry, written after the commit
        f"INSERT INTO audit_events (id, organization_id, at, actor_type, actor_id, actor_name, action, target_type, "
        f"target_id, detail) VALUES ('aud_f' || :r::text, '{org}', now(), 'apiKey', 'key_floor', 'bootstrap', "
        f"'recipient.created', 'recipient', {rid}, '{{\"campaignId\":\"{cid}\"}}');",
        # the card generation's batch (RecipientCards): claim, card, provider objects, journey, status, history
        "BEGIN;",
        # the claim takes only this add's recipient: taking other clients' would make them wait on its locks
        f"SELECT id, organization_id, campaign_id, provider_types, invite_on_create FROM recipients WHERE card_batch = "
        f"'{batch}' AND wallet_card_id IS NULL AND deleted_at IS NULL AND id = {rid} ORDER BY id LIMIT 500 "
        f"FOR UPDATE SKIP LOCKED;",
        campaign,
        f"SELECT {RECIPIENT_READ} FROM recipients WHERE id = {rid};",
        ORGANIZATION.format(org=org),
        f"INSERT INTO wallet_cards (id, organization_id, campaign_id, recipient_id, lifecycle, final_status, "
        f"download_code, barcode_value, created_at, updated_at, status) VALUES ({card}, '{org}', '{cid}', {rid}, "
        f"'created', NULL, 'fd' || :r::text, substr(md5(:r::text), 1, 16), now(), now(), 'created');",
        *[f"INSERT INTO provider_objects (wallet_card_id, provider, organization_id, object_ref, content_version, "
          f"created_at_provider, call_batch, updated_at) VALUES ({card}, '{p}', '{org}', '{p}_f' || :r::text, 2, "
          f"FALSE, {calls}, now());" for p in PROVIDERS],
        f"select * from scheduled_tasks where task_name = 'provider-calls' and task_instance = {calls};",
        # due in a day, not now: the service's scheduler polls the same table and would run the task itself
        f"insert into scheduled_tasks(task_name, task_instance, task_data, execution_time, picked, version, priority) "
        f"values('provider-calls', {calls}, NULL, now() + interval '1 day', FALSE, 1, 90);",
        'SAVEPOINT "SAVEPOINT_1";',
        f"SELECT recipient_id, organization_id, campaign_id, reached, installed_now, devices, opened_count, deleted "
        f"FROM journey_milestones WHERE recipient_id = {rid} ORDER BY recipient_id FOR UPDATE;",
        f"SELECT id, organization_id, campaign_id, recipient_id, step, provider, occurred_at, detail FROM journey_facts "
        f"WHERE recipient_id = {rid} ORDER BY id FOR UPDATE SKIP LOCKED;",
        f"UPDATE journey_milestones SET reached = 3, installed_now = 0, devices = 0, opened_count = 0, deleted = FALSE "
        f"WHERE recipient_id = {rid};",
        f"INSERT INTO journey_counts (campaign_id, metric, on_day, n) VALUES ('{cid}', 'cardCreated', NULL, 1);",
        'RELEASE SAVEPOINT "SAVEPOINT_1";',
        WEBHOOKS.format(org=org),
        f"UPDATE recipients SET status = 'created', wallet_card_id = {card}, updated_at = now(), card_batch = NULL "
        f"WHERE id = {rid};",
        f"INSERT INTO recipient_history (id, organization_id, recipient_id, status, reason, at) VALUES "
        f"('rsh_fc' || :r::text, '{org}', {rid}, 'created', 'card created', now());",
        "COMMIT;",
        f"SELECT id FROM recipients WHERE card_batch = '{batch}' AND wallet_card_id IS NULL AND deleted_at IS NULL "
        f"FETCH FIRST 1 ROWS ONLY;",
        # the provider-calls job (local mode): claim the task, read the batch, store the objects, mark them created
        f"update scheduled_tasks set picked = TRUE, picked_by = 'floor', last_heartbeat = now(), version = version + 1 "
        f"where picked = FALSE and task_name = 'provider-calls' and task_instance = {calls} and version = 1;",
        f"select * from scheduled_tasks where task_name = 'provider-calls' and task_instance = {calls};",
        f"SELECT o.wallet_card_id, o.provider, o.object_ref, c.organization_id, c.campaign_id, c.recipient_id, "
        f"c.barcode_value, o.created_at_provider, o.voided, o.void_pending, o.push_lease_until FROM provider_objects o "
        f"JOIN wallet_cards c ON c.id = o.wallet_card_id WHERE o.call_batch = {calls} AND ((o.created_at_provider = "
        f"FALSE AND o.voided = FALSE) OR o.void_pending = TRUE) ORDER BY o.wallet_card_id, o.provider;",
        ORGANIZATION.format(org=org),
        f"SELECT {RECIPIENT_READ} FROM recipients WHERE id = {rid};",
        campaign,
        *[f"INSERT INTO local_wallet_objects (provider, object_ref, wallet_card_id, content_version, voided, updated_at) "
          f"VALUES ('{p}', '{p}_f' || :r::text, {card}, 2, FALSE, now()) ON CONFLICT DO NOTHING;" for p in PROVIDERS],
        "BEGIN;",
        *[f"UPDATE provider_objects SET created_at_provider = TRUE, last_error = NULL, updated_at = now(), "
          f"content_version = CASE WHEN content_version < 2 THEN 2 ELSE content_version END "
          f"WHERE provider = '{p}' AND wallet_card_id = {card};" for p in PROVIDERS],
        f"SELECT DISTINCT wallet_card_id FROM provider_objects WHERE wallet_card_id = {card} AND installed = TRUE;",
        "COMMIT;",
        f"delete from scheduled_tasks where task_name = 'provider-calls' and task_instance = {calls} and version = 2;",
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

