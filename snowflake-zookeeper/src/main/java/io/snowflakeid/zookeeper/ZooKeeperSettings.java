package io.snowflakeid.zookeeper;

import java.time.Duration;

import io.snowflakeid.internal.config.Settings;

/**
 * The keys and defaults of {@code snowflake.worker-assignment=zookeeper} that the store's checks and messages name:
 * read from the rows of the settings table (one key, one default, one description for every binding), not restated.
 */
final class ZooKeeperSettings {

	static final String CONNECT_STRING = Settings.ZOOKEEPER_CONNECT_STRING.key();

	static final String PATH = Settings.ZOOKEEPER_PATH.key();

	static final String SESSION_TIMEOUT = Settings.ZOOKEEPER_SESSION_TIMEOUT.key();

	static final String CONNECTION_TIMEOUT = Settings.ZOOKEEPER_CONNECTION_TIMEOUT.key();

	/** A secret: never logged, masked by the starter. */
	static final String AUTH = Settings.ZOOKEEPER_AUTH.key();

	static final String DEFAULT_PATH = Settings.ZOOKEEPER_PATH.defaultValue();

	/** Below this the lease (at most the session timeout) would be shorter than the shortest lease allowed. */
	static final Duration MIN_SESSION_TIMEOUT = Duration.ofSeconds(3);

	private ZooKeeperSettings() {
	}
}
