package com.walletcards.webhook;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hc.client5.http.io.DetachedSocketFactory;

/**
 * The sender's sockets in tests: every connection's destination is recorded, and only loopback
 * destinations are really connected; any other address is refused on the spot, as an Internet host
 * without a listener would, so no test traffic leaves the machine.
 */
final class LoopbackOnlyNetwork implements DetachedSocketFactory {

    private final List<InetSocketAddress> destinations = new CopyOnWriteArrayList<>();

    List<InetSocketAddress> destinations() {
        return List.copyOf(destinations);
    }

    @Override
    public Socket create(java.net.Proxy proxy) {
        return new Socket() {
            @Override
            public void connect(SocketAddress endpoint, int timeout) throws IOException {
                InetSocketAddress destination = (InetSocketAddress) endpoint;
                destinations.add(destination);
                if (!destination.getAddress().isLoopbackAddress()) {
                    throw new ConnectException("Connection refused: " + destination);
                }
                super.connect(endpoint, timeout);
            }
        };
    }
}
