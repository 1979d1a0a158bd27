package io.snowflakeid.quarkus.runtime;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.arc.InjectableBean;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Hands a leased worker id, and the unused rest of every {@code @SegmentId} segment, back when the application stops
 * gracefully, then closes a ZooKeeper or Redis client of the extension's own: when Quarkus is about to destroy the application-scoped beans. That is after every observer of
 * {@link io.quarkus.runtime.ShutdownEvent} (the application's own may still store an entity: an audit row, a last
 * batch) and after the persistence units closed (no id is asked for any more), and before the datasources, which are
 * application-scoped beans, are closed. The beans' own destroyers close them again later, which does nothing the
 * second time.
 */
@Singleton
public class LeaseRelease {

	void onStop(@Observes @BeforeDestroyed(ApplicationScoped.class) Object event) {
		try {
			close(SegmentIdGenerators.class);
		}
		finally {
			try {
				close(ManagedGenerator.class); // whatever the segments' hand-back did
			}
			finally {
				close(CoordinationClient.class); // a ZooKeeper or Redis client, after the lease went back through it
			}
		}
	}

	/** Closes the singleton of {@code type} if it was created, never a new one (a lease claimed while stopping). */
	private static void close(Class<? extends AutoCloseable> type) {
		ArcContainer container = Arc.container();
		// select(...).getHandle() is lazy: container.instance(type) would create the bean to close it (a segment
		// table looked up, or refused, while stopping an application that never issued a segment id)
		InjectableBean<? extends AutoCloseable> bean = container.select(type).getHandle().getBean();
		AutoCloseable instance = (bean != null) ? container.getActiveContext(Singleton.class).get(bean) : null;
		if (instance != null) {
			try {
				instance.close();
			}
			catch (Exception ex) {
				throw new IllegalStateException("Closing " + type.getSimpleName() + " failed", ex);
			}
		}
	}
}
