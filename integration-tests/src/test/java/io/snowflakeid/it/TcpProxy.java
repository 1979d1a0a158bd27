package io.snowflakeid.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP proxy between child JVMs and a database server that the test can take down: {@link #freeze()} stops
 * forwarding without closing anything (a dead network: reads block, new connections hang in their login), and
 * {@link #restore()} drops the frozen connections and forwards again.
 */
final class TcpProxy implements AutoCloseable {

	private static final Pattern HOST_PORT = Pattern.compile("//([^/:;]+):(\\d+)");

	private final ServerSocket server;

	private final String targetHost;

	private final int targetPort;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private volatile boolean frozen;

	private final Object gate = new Object();

	private TcpProxy(String targetHost, int targetPort) throws IOException {
		this.targetHost = targetHost;
		this.targetPort = targetPort;
		this.server = new ServerSocket();
		this.server.bind(new InetSocketAddress("127.0.0.1", 0));
		Thread acceptor = new Thread(this::acceptLoop, "tcp-proxy-accept");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	/** A proxy in front of the server a JDBC url names. */
	static TcpProxy inFrontOf(String jdbcUrl) throws IOException {
		Matcher matcher = HOST_PORT.matcher(jdbcUrl);
		if (!matcher.find()) {
			throw new IllegalArgumentException("No host:port in " + jdbcUrl);
		}
		return new TcpProxy(matcher.group(1), Integer.parseInt(matcher.group(2)));
	}

	/** {@code jdbcUrl} with its host and port replaced by this proxy's. */
	String rewrite(String jdbcUrl) {
		return HOST_PORT.matcher(jdbcUrl).replaceFirst("//127.0.0.1:" + this.server.getLocalPort());
	}

	void freeze() {
		this.frozen = true;
	}

	void restore() {
		synchronized (this.gate) {
			for (Socket socket : this.sockets) {
				closeQuietly(socket);
			}
			this.sockets.clear();
			this.frozen = false;
			this.gate.notifyAll();
		}
	}

	private void acceptLoop() {
		while (!this.server.isClosed()) {
			try {
				Socket client = this.server.accept();
				this.sockets.add(client);
				Thread thread = new Thread(() -> connect(client), "tcp-proxy-connect");
				thread.setDaemon(true);
				thread.start();
			}
			catch (IOException ex) {
				return; // closed
			}
		}
	}

	private void connect(Socket client) {
		try {
			awaitNotFrozen(); // a new connection during the outage hangs, as with a dead network
			Socket upstream = new Socket(this.targetHost, this.targetPort);
			this.sockets.add(upstream);
			pump(client, upstream);
			pump(upstream, client);
		}
		catch (IOException | InterruptedException ex) {
			closeQuietly(client);
		}
	}

	private void pump(Socket from, Socket to) {
		Thread thread = new Thread(() -> {
			byte[] buffer = new byte[16 * 1024];
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				int read;
				while ((read = in.read(buffer)) >= 0) {
					awaitNotFrozen(); // frozen: the bytes go nowhere until restore() drops the connection
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException | InterruptedException ex) {
				// dropped
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
			}
		}, "tcp-proxy-pump");
		thread.setDaemon(true);
		thread.start();
	}

	private void awaitNotFrozen() throws InterruptedException, IOException {
		synchronized (this.gate) {
			boolean wasFrozen = this.frozen;
			while (this.frozen) {
				this.gate.wait();
			}
			if (wasFrozen) {
				throw new IOException("connection dropped by the outage");
			}
		}
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// already closed
		}
	}

	@Override
	public void close() throws IOException {
		restore();
		this.server.close();
	}
}
