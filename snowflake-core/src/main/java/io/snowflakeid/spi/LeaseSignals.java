package io.snowflakeid.spi;

import java.time.Duration;

/**
 * What a {@link LeaseStore} may tell the lease it holds a record for, and read from it: the narrow side of the lease
 * a store sees ({@link LeaseStore#attached}). A store that watches its connection (ZooKeeper) suspends the lease when
 * the connection is lost and asks for a renewal when it is back.
 */
public interface LeaseSignals {

	/**
	 * Stops issuing ids at once, until the next successful renewal: the store's client lost its connection, so the
	 * lease may be ending without this instance knowing. Does nothing once the lease is closed.
	 */
	void suspend(String reason);

	/** Renews as soon as possible, on the renewal thread: the store's client is connected again. */
	void renewSoon();

	int datacenterId();

	int workerId();

	/** How long each claim or renewal lets ids be issued. */
	Duration duration();
}
