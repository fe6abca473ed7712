-- Status list indices now come from a keyed permutation of each list's places, taken in order
-- (StatusIndices, docs/adr/0014-openid4vci-issuer.md), instead of random draws retried on a
-- collision. A list that already holds randomly drawn indices could collide with the
-- permutation's, so every list with entries is closed: the next issuance opens a new list.
-- Closed lists are still served and still revoke.
UPDATE openid4vci_status_lists SET issued = list_size WHERE issued > 0;
