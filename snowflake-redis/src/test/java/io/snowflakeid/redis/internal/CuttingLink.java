package io.snowflakeid.redis.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP link between a client and a server that cuts the client's connection right after the server's answer to
 * the next command containing a marker (a script's text): the write is applied and answered, and the connection is
 * gone before the client's next command (WAIT). Optionally it then refuses connections until {@link #accept()}
 * (an outage), else the client reconnects at once (a blip: a load balancer, a proxy, a NAT timeout).
 */
final class CuttingLink implements AutoCloseable {

	final int port;

	private final ServerSocket server;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private volatile String marker;

	private volatile boolean refuseAfterCut;

	private volatile boolean refusing;

	/** How many connections were cut. */
	volatile int cuts;

	CuttingLink(int targetPort, int firstPort, int lastPort) throws IOException {
		this.port = RedisTestServers.OwnServer.freePort(firstPort, lastPort);
		this.server = new ServerSocket();
		this.server.bind(new InetSocketAddress("127.0.0.1", this.port));
		Thread acceptor = new Thread(() -> {
			while (!this.server.isClosed()) {
				try {
					Socket client = this.server.accept();
					if (this.refusing) {
						client.close();
						continue;
					}
					Socket upstream = new Socket("127.0.0.1", targetPort);
					this.sockets.add(client);
					this.sockets.add(upstream);
					Link link = new Link(client, upstream);
					pump(link, true);
					pump(link, false);
				}
				catch (IOException ex) {
					return; // closed
				}
			}
		}, "redis-test-cutting-link");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	/** Cuts the connection after the answer to the next command containing {@code marker}. */
	void cutAfterAnswerTo(String marker, boolean refuseAfterCut) {
		this.refuseAfterCut = refuseAfterCut;
		this.marker = marker;
	}

	/** Accepts connections again. */
	void accept() {
		this.refusing = false;
	}

	private static final class Link {

		final Socket client;

		final Socket upstream;

		final StringBuilder sent = new StringBuilder();

		volatile boolean cutAfterAnswer;

		Link(Socket client, Socket upstream) {
			this.client = client;
			this.upstream = upstream;
		}
	}

	private void pump(Link link, boolean fromClient) {
		Socket from = fromClient ? link.client : link.upstream;
		Socket to = fromClient ? link.upstream : link.client;
		Thread thread = new Thread(() -> {
			byte[] buffer = new byte[16 * 1024];
			try {
				var in = from.getInputStream();
				var out = to.getOutputStream();
				int read;
				while ((read = in.read(buffer)) >= 0) {
					if (fromClient) {
						String marker = this.marker;
						if (marker != null) {
							link.sent.append(new String(buffer, 0, read, StandardCharsets.ISO_8859_1));
							if (link.sent.indexOf(marker) >= 0) {
								this.marker = null;
								link.sent.setLength(0);
								link.cutAfterAnswer = true; // before the command reaches the server
							}
							else if (link.sent.length() > 64 * 1024) {
								link.sent.delete(0, link.sent.length() - 8 * 1024);
							}
						}
					}
					out.write(buffer, 0, read);
					out.flush();
					if (!fromClient && link.cutAfterAnswer) {
						if (this.refuseAfterCut) {
							this.refusing = true;
						}
						this.cuts++;
						link.client.close();
						link.upstream.close();
						return;
					}
				}
			}
			catch (IOException ex) {
				// closed
			}
		}, "redis-test-cutting-link-pump");
		thread.setDaemon(true);
		thread.start();
	}

	@Override
	public void close() throws IOException {
		this.server.close();
		for (Socket socket : this.sockets) {
			socket.close();
		}
		RedisTestServers.releasePort(this.port);
	}
}
