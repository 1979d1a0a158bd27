package io.snowflakeid.quarkus.runtime;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.arc.InjectableBean;
import io.quarkus.runtime.ShutdownEvent;
import io.snowflakeid.internal.ManagedGenerator;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Hands a leased worker id back when the application stops gracefully, while the datasource is still open: Quarkus
 * fires {@link ShutdownEvent} before it destroys the beans (the datasource among them), in an order of its own.
 * The bean's own destroyer closes it again later, which does nothing the second time. Last among the observers of
 * the stop: the application's own (an audit row, a last batch) still get ids, as in Spring while the context
 * publishes its closed event; at an equal priority their order would depend on how the build numbered the beans.
 */
@Singleton
public class LeaseRelease {

	void onStop(@Observes @Priority(Integer.MAX_VALUE) ShutdownEvent event) {
		ArcContainer container = Arc.container();
		InjectableBean<ManagedGenerator> bean = container.instance(ManagedGenerator.class).getBean();
		// the instance if it was created, never a new one (a lease claimed while stopping)
		ManagedGenerator managed = (bean != null) ? container.getActiveContext(Singleton.class).get(bean) : null;
		if (managed != null) {
			managed.close();
		}
	}
}
