"""Database floors of the HTTP, statistics and console scenarios: the statements one request sends,
run by pgbench at the request's concurrency, with nothing else on the path (no HTTP, no Java, no
background work).

A scenario cannot reach more of hello's throughput than its floor does in the same run, so the
floor says which targets the database leaves room for on this machine, and the service's share
of its floor says how close the request path comes to what the database allows.

The scripts restate the service's SQL for a request at steady state (statements as logged by
PostgreSQL with `log_statement = all`, 2026-11-24, and again 2026-11-28 for the add's card and the
statistics and console pages; `SingleAddStatementsTest` counts the add's own):
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
  stats     the campaign's row and the journey counters of the window in one read-only transaction
            (`GET /v1/campaigns/{id}/stats`: last 30 days, and a year)
  console   every console page reads the session and its attributes and the signed-in user first,
            then writes the session's access time and reads the session once more (Spring Session
            JDBC); between them
            - list: the page of 20 campaigns with its total, their folded counters, and per listed
              campaign its row and recipient total
            - overview: the campaign, its recipient total, today's and the last 30 days' counters
              (each with the campaign's row), the count and the latest of the content versions reached
            - recipients table: the campaign twice, the page's 51 rows (newest first, after a cursor,
              by latest activity, by status, by wallet, or the three-branch prefix search), the
              campaign and its total
The write floor inserts into a campaign of its own whose waiting recipients no job of the service
reads (a card batch of its own), so the floor makes each card itself.
"""

import base64
import os
import statistics
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


def summary(fl, svc, base, extra):
    """Adds a scenario's database floor to its extra (as the HTTP scenarios report theirs) and
    answers the sentence for its detail; fl is None when pgbench is missing."""
    if not fl:
        return "; no database floor (pgbench not found)" if fl is None else ""
    floor_ratio = round(statistics.median([f["tps"] / b["rps"] for f, b in zip(fl, base)]), 3)
    share = statistics.median([s["rps"] / f["tps"] for s, f in zip(svc, fl)])
    extra.update({"floorRuns": fl, "floorRatio": floor_ratio, "shareOfFloor": round(share, 3)})
    return (f"; database floor {round(statistics.median([f['tps'] for f in fl]))} tps = {floor_ratio}x hello, "
            f"service at {share:.0%} of it")


# ---- statistics and console pages


def stats_script(org, cid, start, end):
    """GET /v1/campaigns/{id}/stats from start to end (ISO dates, the campaign's days)."""
    return "\n".join(["BEGIN READ ONLY;", CAMPAIGN_SELECT.format(cid=literal(cid), org=literal(org)),
                      STATS_COUNTS.format(cid=literal(cid), start=start, end=end), "COMMIT;", ""])


STATS_COUNTS = ("SELECT on_day, metric, SUM(n) AS n FROM journey_counts WHERE campaign_id = '{cid}' AND (on_day IS NULL "
                "OR (on_day >= '{start}' AND on_day <= '{end}')) GROUP BY on_day, metric;")
SESSION_READ = ("BEGIN;\nSELECT S.PRIMARY_ID, S.SESSION_ID, S.CREATION_TIME, S.LAST_ACCESS_TIME, S.MAX_INACTIVE_INTERVAL, "
                "SA.ATTRIBUTE_NAME, SA.ATTRIBUTE_BYTES FROM SPRING_SESSION S LEFT JOIN SPRING_SESSION_ATTRIBUTES SA ON "
                "S.PRIMARY_ID = SA.SESSION_PRIMARY_ID WHERE S.SESSION_ID = '{sid}';\nCOMMIT;")
SESSION_TOUCH = ("BEGIN;\nUPDATE SPRING_SESSION SET SESSION_ID = '{sid}', LAST_ACCESS_TIME = "
                 "(extract(epoch FROM now()) * 1000)::bigint, MAX_INACTIVE_INTERVAL = 28800, EXPIRY_TIME = "
                 "(extract(epoch FROM now()) * 1000)::bigint + 28800000, PRINCIPAL_NAME = '{user}' "
                 "WHERE PRIMARY_ID = '{pid}';\nCOMMIT;")
CONSOLE_USER = "SELECT id, organization_id, email, name, role, created_at FROM console_users WHERE id = '{user}';"


def console_session(pg, cookie_value):
    """The session behind a WALLET_CONSOLE cookie value (Spring Session sends the id base64-encoded):
    (session id, primary id, user id)."""
    sid = base64.b64decode(cookie_value + "=" * (-len(cookie_value) % 4)).decode()
    primary, user = pg.sql(f"SELECT PRIMARY_ID || ' ' || PRINCIPAL_NAME FROM SPRING_SESSION "
                           f"WHERE SESSION_ID = '{literal(sid)}'").split()
    return sid, primary, user


def console_page(session, body):
    """A console page: the session and its user read first, the session's access time written and
    the session read once more after the page (Spring Session JDBC, as logged)."""
    sid, primary, user = (literal(v) for v in session)
    return "\n".join([SESSION_READ.format(sid=sid), CONSOLE_USER.format(user=user), *body,
                      SESSION_TOUCH.format(sid=sid, user=user, pid=primary), SESSION_READ.format(sid=sid), ""])


def recipient_total(org, cid):
    """The campaign's row and its recipient total (a page of one), as the console reads per campaign."""
    org, cid = literal(org), literal(cid)
    return [CAMPAIGN_SELECT.format(cid=cid, org=org),
            "SELECT t.total, r.* FROM (SELECT COALESCE(SUM(n), 0) AS total FROM recipient_counts"
            f" WHERE campaign_id = '{cid}' AND status <> 'deleted') t LEFT JOIN (SELECT {RECIPIENT_READ} FROM recipients"
            f" WHERE id IN (SELECT id FROM recipients WHERE organization_id = '{org}' AND campaign_id = '{cid}' AND"
            f" deleted_at IS NULL ORDER BY id LIMIT 1 OFFSET 0) AND organization_id = '{org}') r ON 1 = 1 ORDER BY r.id;"]


def console_list_script(org, session, listed):
    """GET /console/campaigns: the page of 20 campaigns with its total, their folded counters, and
    per listed campaign its row and recipient total."""
    o = literal(org)
    ids = ",".join(literal(c) for c in listed)
    where = f"organization_id = '{o}' AND deleted_at IS NULL AND status <> 'archived'"
    body = [f"SELECT t.total, c.* FROM (SELECT COUNT(*) AS total FROM campaigns WHERE {where}) t LEFT JOIN "
            f"(SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE {where} ORDER BY id DESC LIMIT 20 OFFSET 0) c ON 1 = 1 "
            f"ORDER BY c.id DESC;",
            f"SELECT campaign_id, metric, SUM(n) AS n FROM journey_counts WHERE campaign_id = ANY('{{{ids}}}') "
            f"AND on_day IS NULL GROUP BY campaign_id, metric;"]
    for c in listed:
        body += recipient_total(org, c)
    return console_page(session, body)


def console_overview_script(org, cid, session, today, start):
    """GET /console/campaigns/{id}: the campaign, its total, today's and the last 30 days' counters,
    and the latest content version reached."""
    o, c = literal(org), literal(cid)
    campaign = CAMPAIGN_SELECT.format(cid=c, org=o)
    body = [campaign, *recipient_total(org, cid),
            "BEGIN READ ONLY;", campaign, STATS_COUNTS.format(cid=c, start=today, end=today), "COMMIT;",
            campaign, STATS_COUNTS.format(cid=c, start=start, end=today),
            campaign, "BEGIN READ ONLY;",
            f"SELECT COUNT(*) FROM content_versions WHERE campaign_id = '{c}' AND reached = TRUE AND organization_id = '{o}';",
            f"SELECT version, at, changed FROM content_versions WHERE campaign_id = '{c}' AND reached = TRUE AND "
            f"organization_id = '{o}' ORDER BY version DESC LIMIT 1 OFFSET 0;", "COMMIT;"]
    return console_page(session, body)


def console_recipients_script(org, cid, session, rows_sql):
    """A page of the console's recipients table: the campaign twice, the page's 51 rows (rows_sql),
    then the campaign and its total."""
    o, c = literal(org), literal(cid)
    campaign = CAMPAIGN_SELECT.format(cid=c, org=o)
    return console_page(session, [campaign, campaign, rows_sql, *recipient_total(org, cid)])


def console_rows(org, cid, kind, value=None):
    """The rows statement of one console recipients page (RecipientTable), value its cursor or search."""
    o, c, v = literal(org), literal(cid), literal(value or "")
    cols = RECIPIENT_READ + ", wallets"
    scoped = f"organization_id = '{o}' AND campaign_id = '{c}' AND deleted_at IS NULL"
    if kind == "first":
        return f"SELECT {cols} FROM recipients WHERE {scoped} ORDER BY id DESC LIMIT 51;"
    if kind == "after":
        return f"SELECT {cols} FROM recipients WHERE {scoped} AND id < '{v}' ORDER BY id DESC LIMIT 51;"
    if kind == "activity":
        at, rid = v.split("~", 1)
        return (f"SELECT {cols} FROM recipients WHERE campaign_id = '{c}' AND deleted_at IS NULL AND updated_at <= '{at}'"
                f" AND (updated_at < '{at}' OR id < '{rid}') ORDER BY updated_at DESC, id DESC LIMIT 51;")
    if kind == "invited":
        return (f"SELECT {cols} FROM recipients WHERE campaign_id = '{c}' AND status = 'invited' AND id < '{v}' "
                f"ORDER BY id DESC LIMIT 51;")
    if kind == "wallet":
        return f"SELECT {cols} FROM recipients WHERE {scoped} AND wallets LIKE '% {v} %' ORDER BY id DESC LIMIT 51;"
    branches = [f"(SELECT * FROM (SELECT {cols} FROM recipients WHERE {scoped} AND {col} LIKE '{v}%' ESCAPE '\\' "
                f"OFFSET 0) b ORDER BY id DESC LIMIT 51)" for col in ("live_email", "name_key", "external_id")]
    return f"SELECT * FROM ({' UNION '.join(branches)}) r ORDER BY id DESC LIMIT 51;"
