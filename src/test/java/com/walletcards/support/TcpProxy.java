package com.walletcards.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy on 127.0.0.1 in front of a database server, for outage tests: {@link #cut()} closes
 * every connection and stops listening, so the service sees its connections die and new ones
 * refused, exactly like a database that went away; {@link #restore()} listens again on the same
 * port.
 *
 * <p>{@link #silence()} is the other kind of outage, a network that drops every packet: nothing is
 * forwarded in either direction, yet every connection stays open and new ones are accepted (their
 * handshake is never answered), and no connection closed on one side is closed on the other.
 * {@link #resume()} delivers what was held back, in order, as TCP retransmission does once a
 * network returns, and then any close.
 */
public final class TcpProxy implements AutoCloseable {

    private final InetSocketAddress target;
    private final int port;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile ServerSocket server;
    private final Object voice = new Object();
    private volatile boolean silent;

    private TcpProxy(InetSocketAddress target, ServerSocket server) {
        this.target = target;
        this.server = server;
        this.port = server.getLocalPort();
        accept(server);
    }

    public static TcpProxy to(String host, int port) {
        try {
            return new TcpProxy(new InetSocketAddress(host, port), listen(0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return port;
    }

    /** Drops every open connection and refuses new ones until {@link #restore()}. */
    public synchronized void cut() {
        closeQuietly(server);
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
        sockets.clear();
    }

    /** Stops forwarding anything, in both directions, and keeps every connection open. */
    public void silence() {
        silent = true;
    }

    /** Forwards again, starting with what {@link #silence()} held back. */
    public void resume() {
        synchronized (voice) {
            silent = false;
            voice.notifyAll();
        }
    }

    public synchronized void restore() {
        if (!server.isClosed()) {
            return;
        }
        try {
            server = listen(port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        accept(server);
    }

    @Override
    public void close() {
        cut();
        resume();
    }

    private static ServerSocket listen(int port) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return socket;
    }

    private void accept(ServerSocket listening) {
        daemon("proxy-accept-" + port, () -> {
            while (!listening.isClosed()) {
                try {
                    connect(listening, listening.accept());
                } catch (IOException closed) {
                    // cut() closed the listening socket
                }
            }
        });
    }

    private void connect(ServerSocket listening, Socket client) {
        Socket upstream = new Socket();
        try {
            upstream.connect(target, 2000);
        } catch (IOException refused) {
            closeQuietly(client);
            return;
        }
        sockets.add(client);
        sockets.add(upstream);
        if (listening.isClosed()) { // cut() ran while this connection was being made
            closeQuietly(client);
            closeQuietly(upstream);
            return;
        }
        pump(client, upstream);
        pump(upstream, client);
    }

    private void pump(Socket from, Socket to) {
        daemon("proxy-pump-" + port, () -> {
            byte[] buffer = new byte[16384];
            // Not closed with the streams: a close is forwarded only once the network speaks.
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    awaitVoice();
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException closed) {
                // one side went away: so does the other, below
            } finally {
                awaitVoice();
                closeQuietly(from);
                closeQuietly(to);
                sockets.remove(from);
                sockets.remove(to);
            }
        });
    }

    /** Holds the calling pump while the network is silent. */
    private void awaitVoice() {
        synchronized (voice) {
            while (silent) {
                try {
                    voice.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // already closed
        }
    }
}
