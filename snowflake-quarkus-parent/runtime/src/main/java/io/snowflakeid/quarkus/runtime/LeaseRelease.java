package io.snowflakeid.quarkus.runtime;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.arc.InjectableBean;
import io.quarkus.runtime.ShutdownEvent;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Hands a leased worker id, and the unused rest of every {@code @SegmentId} segment, back when the application stops
 * gracefully, while the datasource is still open: Quarkus
 * fires {@link ShutdownEvent} before it destroys the beans (the datasource among them), in an order of its own.
 * The bean's own destroyer closes it again later, which does nothing the second time. Last among the observers of
 * the stop: the application's own (an audit row, a last batch) still get ids, as in Spring while the context
 * publishes its closed event; at an equal priority their order would depend on how the build numbered the beans.
 */
@Singleton
public class LeaseRelease {

	void onStop(@Observes @Priority(Integer.MAX_VALUE) ShutdownEvent event) {
		try {
			close(SegmentIdGenerators.class);
		}
		finally {
			close(ManagedGenerator.class); // whatever the segments' hand-back did
		}
	}

	/** Closes the singleton of {@code type} if it was created, never a new one (a lease claimed while stopping). */
	private static void close(Class<? extends AutoCloseable> type) {
		ArcContainer container = Arc.container();
		InjectableBean<? extends AutoCloseable> bean = container.instance(type).getBean();
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
