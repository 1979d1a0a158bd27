package io.snowflakeid.quarkus.runtime;

import java.util.concurrent.atomic.AtomicReference;

import io.snowflakeid.spi.LeaseStore;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/**
 * The ZooKeeper or Redis lease store the generator bean opened, with a client of the extension's own: closed after
 * the lease was handed back through it ({@link LeaseRelease}), or with the application otherwise. Once.
 */
@Singleton
public class CoordinationClient implements AutoCloseable {

	private static final Logger LOG = Logger.getLogger(CoordinationClient.class);

	private final AtomicReference<LeaseStore> store = new AtomicReference<>();

	void hold(LeaseStore store) {
		this.store.set(store);
	}

	@Override
	@PreDestroy
	public void close() {
		closeQuietly(this.store.getAndSet(null));
	}

	/** Closes {@code store}'s client if it has one, logging a failure: nothing is left to do about it. */
	static void closeQuietly(LeaseStore store) {
		if (store instanceof AutoCloseable closeable) {
			try {
				closeable.close();
			}
			catch (Exception ex) {
				LOG.warn("Closing the client of " + store.description() + " failed", ex);
			}
		}
	}
}
