package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.snowflakeid.redis.internal.RedisScripts;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.spi.LeaseStore;

/**
 * {@link RedisScripts} over a Lettuce connection: the application's ({@link #LettuceRedisScripts(StatefulRedisConnection)},
 * left open by {@link #close()}), or one opened from a URI and owned ({@link #open(RedisURI, Duration)}). Every
 * call waits at most its timeout for the answer.
 */
public final class LettuceRedisScripts implements RedisScripts {

	private final StatefulRedisConnection<String, String> connection;

	/** The client this adapter opened, or null when the connection is the application's. */
	private final RedisClient ownedClient;

	private final String description;

	/** Over the application's connection (a {@code String} codec); {@link #close()} leaves it open. */
	public LettuceRedisScripts(StatefulRedisConnection<String, String> connection) {
		this(Objects.requireNonNull(connection, "connection must not be null"), null, "Redis (Lettuce)");
	}

	private LettuceRedisScripts(StatefulRedisConnection<String, String> connection, RedisClient ownedClient,
			String description) {
		this.connection = connection;
		this.ownedClient = ownedClient;
		this.description = description;
	}

	/**
	 * Opens a client and a connection to {@code uri}, closed by {@link #close()}. Commands are rejected at once
	 * while the connection is down (not queued until it is back), so that a renewal during an outage fails as
	 * certainly not applied instead of running late.
	 * @param connectTimeout the bound on connecting and on each reconnect
	 */
	public static LettuceRedisScripts open(RedisURI uri, Duration connectTimeout) {
		RedisClient client;
		try {
			client = RedisClient.create(uri);
		}
		catch (LinkageError ex) {
			throw clientNotCreated(ex);
		}
		try {
			client.setOptions(ClientOptions.builder()
				.autoReconnect(true)
				.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
				.socketOptions(SocketOptions.builder().connectTimeout(connectTimeout).build())
				.build());
			return new LettuceRedisScripts(connect(client, uri, connectTimeout), client, describe(uri));
		}
		catch (RuntimeException ex) {
			client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
			throw ex;
		}
		catch (LinkageError ex) { // thrown by the connection's set-up (the event loops are made there in some versions)
			client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
			throw clientNotCreated(ex);
		}
	}

	/**
	 * Connects within {@code connectTimeout}, the handshake included: the socket's connect timeout alone does not
	 * bound a server that accepts connections and never answers (Lettuce would wait its 60 s command timeout).
	 */
	private static StatefulRedisConnection<String, String> connect(RedisClient client, RedisURI uri,
			Duration connectTimeout) {
		io.lettuce.core.ConnectionFuture<StatefulRedisConnection<String, String>> pending = client
			.connectAsync(StringCodec.UTF8, uri);
		try {
			return pending.get(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			pending.cancel(true);
			throw new RedisConnectionException("No answer from " + describe(uri) + " within "
					+ connectTimeout.toMillis() + " ms of connecting (it accepts connections but does not answer)", ex);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof LinkageError linkage) {
				throw linkage; // not the server's fault: open() says which versions do not go together
			}
			throw (ex.getCause() instanceof RuntimeException runtime) ? runtime
					: new RedisConnectionException(String.valueOf(ex.getCause()), ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			pending.cancel(true);
			throw new RedisConnectionException("Interrupted while connecting to " + describe(uri), ex);
		}
	}

	/**
	 * Lettuce could not create its client because a class it was built against is missing or different: most
	 * often Lettuce 7, built on Netty 4.2, beside the Netty 4.1 of Quarkus 3 or Spring Boot 3.5
	 * ({@code NoClassDefFoundError: io/netty/channel/MultiThreadIoEventLoopGroup}). Said in those words, with the
	 * versions on the class path, instead of a linkage error from deep inside the client.
	 */
	static WorkerLeaseException clientNotCreated(LinkageError error) {
		String lettuce = versionOf(RedisClient.class);
		boolean nettyClass = String.valueOf(error.getMessage()).replace('.', '/').contains("io/netty/");
		String netty = !nettyClass ? " Align Lettuce with the versions it was built against."
				: lettuce.startsWith("6.")
						? " Netty jars of different versions are on the class path: align them (io.netty:netty-bom)."
						: " Lettuce 7 is built on Netty 4.2, Quarkus 3 and Spring Boot 3.5 ship Netty 4.1: use"
								+ " io.lettuce:lettuce-core 6.x with Netty 4.1, or Netty 4.2 with Lettuce 7.";
		return new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
				WorkerAssignment.REDIS.value(), "Lettuce " + lettuce + " could not create its"
						+ " Redis client on the class path's Netty " + nettyVersion() + " ("
						+ error + ")." + netty,
				error);
	}

	private static String versionOf(Class<?> type) {
		String version = type.getPackage().getImplementationVersion();
		return (version != null) ? version : "(version unknown)";
	}

	/** Netty's, looked up by name: Lettuce's transitive dependency, not one of this module's API. */
	private static String nettyVersion() {
		try {
			return versionOf(Class.forName("io.netty.channel.Channel", false, RedisClient.class.getClassLoader()));
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return "(not found)";
		}
	}

	/** host:port/database, never the password. */
	static String describe(RedisURI uri) {
		String host = (uri.getSocket() != null) ? uri.getSocket() : uri.getHost() + ":" + uri.getPort();
		return (uri.isSsl() ? "rediss://" : "redis://") + host + "/" + uri.getDatabase();
	}

	@Override
	public long evalLong(String script, String key, List<String> args, Duration timeout) throws Exception {
		Long result = await(this.connection.async().<Long>eval(script, ScriptOutputType.INTEGER, new String[] { key },
				args.toArray(new String[0])), timeout);
		return result;
	}

	@Override
	public long evalLong(String script, String key, List<String> args, int replicas, Duration timeout)
			throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		long result = evalLong(script, key, args, timeout);
		if (result == 1 && replicas > 0) {
			Duration left = Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
			// WAIT's own timeout ends it on the server; the client waits a little longer for that answer.
			Long acked;
			try {
				acked = await(this.connection.async().waitForReplication(replicas, left.toMillis()),
						left.plusMillis(250));
			}
			catch (LeaseStore.NotAppliedException ex) {
				// Only WAIT was not sent (the connection dropped after the script's answer): the write itself WAS
				// applied, so its outcome is unknown, never "not applied" (the lease would forget its token and
				// take its own record for another holder's at the next renewal).
				throw new IllegalStateException("The write was applied on " + this.description + ", but WAIT for its "
						+ replicas + " replicas could not be sent (" + ex.getMessage() + "): whether they have it is "
						+ "unknown", ex.getCause());
			}
			RedisScripts.requireReplicas(acked, replicas, left);
		}
		return result;
	}

	@Override
	public java.util.Map<String, String> info(Duration timeout) throws Exception {
		return parseInfo(await(this.connection.async().info(), timeout));
	}

	@Override
	public java.util.Map<String, String> configGet(String parameter, Duration timeout) throws Exception {
		return await(this.connection.async().configGet(parameter), timeout);
	}

	/** INFO's {@code name:value} lines ({@code # Section} headers and blank lines skipped). */
	static java.util.Map<String, String> parseInfo(String info) {
		java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
		for (String line : info.split("\r?\n")) {
			int colon = line.indexOf(':');
			if (colon > 0 && !line.startsWith("#")) {
				values.put(line.substring(0, colon), line.substring(colon + 1).strip());
			}
		}
		return values;
	}

	@Override
	public List<String> evalList(String script, String key, List<String> args, Duration timeout) throws Exception {
		List<Object> result = await(this.connection.async().<List<Object>>eval(script, ScriptOutputType.MULTI,
				new String[] { key }, args.toArray(new String[0])), timeout);
		List<String> strings = new ArrayList<>(result.size());
		for (Object value : result) {
			strings.add(String.valueOf(value));
		}
		return strings;
	}

	private <T> T await(RedisFuture<T> future, Duration timeout) throws Exception {
		try {
			return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			if (notSent(cause)) {
				throw new LeaseStore.NotAppliedException((Exception) cause);
			}
			throw (cause instanceof Exception exception) ? exception : ex;
		}
		catch (TimeoutException ex) {
			// Still a TimeoutException (the script may still run), with a message: the JDK's has none.
			throw RedisScripts.timedOut(timeout);
		}
	}

	/**
	 * Whether the command certainly never left this client: the connection could not be made, or the client
	 * rejected the command because it is disconnected ({@code DisconnectedBehavior.REJECT_COMMANDS}).
	 */
	private boolean notSent(Throwable cause) {
		if (cause instanceof RedisConnectionException) {
			return true;
		}
		return cause instanceof io.lettuce.core.RedisException && cause.getMessage() != null
				&& cause.getMessage().startsWith("Currently not connected");
	}

	@Override
	public String description() {
		return this.description;
	}

	@Override
	public void close() {
		if (this.ownedClient != null) {
			this.connection.close();
			this.ownedClient.shutdown(Duration.ZERO, Duration.ofSeconds(2));
		}
	}
}
