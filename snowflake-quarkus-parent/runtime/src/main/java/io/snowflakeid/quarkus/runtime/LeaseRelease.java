package io.snowflakeid.quarkus.runtime;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.arc.InjectableBean;
import io.quarkus.runtime.ShutdownEvent;
import io.snowflakeid.internal.ManagedGenerator;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Hands a leased worker id back when the application stops gracefully, while the datasource is still open: Quarkus
 * fires {@link ShutdownEvent} before it destroys the beans (the datasource among them), in an order of its own.
 * The bean's own destroyer closes it again later, which does nothing the second time.
 */
@Singleton
public class LeaseRelease {

	void onStop(@Observes ShutdownEvent event) {
		ArcContainer container = Arc.container();
		InjectableBean<ManagedGenerator> bean = container.instance(ManagedGenerator.class).getBean();
		// the instance if it was created, never a new one (a lease claimed while stopping)
		ManagedGenerator managed = (bean != null) ? container.getActiveContext(Singleton.class).get(bean) : null;
		if (managed != null) {
			managed.close();
		}
	}
}
