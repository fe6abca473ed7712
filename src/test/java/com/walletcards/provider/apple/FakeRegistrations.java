package com.walletcards.provider.apple;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/** The registrations pushes read, without a database. */
final class FakeRegistrations extends PassStore {

    final List<Registration> registrations = new CopyOnWriteArrayList<>();
    final List<String> forgotten = new CopyOnWriteArrayList<>();

    FakeRegistrations() {
        super(null, java.time.Clock.systemUTC());
    }

    @Override
    List<Registration> registrations(Collection<String> serials) {
        Set<String> wanted = Set.copyOf(serials);
        return registrations.stream()
                .filter(r -> wanted.contains(r.serialNumber()))
                .toList();
    }

    @Override
    int forgetToken(String pushToken) {
        forgotten.add(pushToken);
        return registrations.removeIf(r -> r.pushToken().equals(pushToken)) ? 1 : 0;
    }

    @Override
    int registrationCount(String serialNumber) {
        return (int) registrations.stream()
                .filter(r -> r.serialNumber().equals(serialNumber))
                .count();
    }
}
