package io.snowflakeid.zookeeper;

import java.time.Duration;

/**
 * The settings of {@code snowflake.worker-assignment=zookeeper}, as plain Hibernate settings and Spring Boot
 * properties.
 */
public final class ZooKeeperSettings {

	/** The ZooKeeper ensemble, {@code host:port[,host:port...][/chroot]}. Required unless a client is given. */
	public static final String CONNECT_STRING = "snowflake.zookeeper.connect-string";

	/** The base path of the lease nodes; default {@value #DEFAULT_PATH}. */
	public static final String PATH = "snowflake.zookeeper.path";

	/** The session timeout requested; the lease lasts at most the negotiated one. Default 30 s. */
	public static final String SESSION_TIMEOUT = "snowflake.zookeeper.session-timeout";

	/** How long to wait for a connection to the ensemble. Default 10 s. */
	public static final String CONNECTION_TIMEOUT = "snowflake.zookeeper.connection-timeout";

	/**
	 * Credentials of the client the library opens, {@code digest:<user>:<password>} (printable ASCII): the client authenticates with
	 * them and creates every node with ACL {@code auth::cdrwa} (only that identity may read or change it). Not set:
	 * nodes are created world-writable ({@code world:anyone}), with a warning. Not for a client the application gives
	 * (its ACL provider and authentication apply; the starter refuses both at once). A secret: never logged, masked by the starter.
	 */
	public static final String AUTH = "snowflake.zookeeper.auth";

	public static final String DEFAULT_PATH = "/snowflake/worker-lease";

	public static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(30);

	public static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(10);

	/** Below this the lease (at most the session timeout) would be shorter than the shortest lease allowed. */
	public static final Duration MIN_SESSION_TIMEOUT = Duration.ofSeconds(3);

	private ZooKeeperSettings() {
	}
}
