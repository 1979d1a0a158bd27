package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that stores an entity when it stops, in an observer of {@link ShutdownEvent} (an audit row, a
 * last batch): the leased worker id is still held then, as in Spring while the context publishes its closed event.
 * It is handed back after the application's own observers of the stop (here one ordered late, as a last word would
 * be; at the default priority the order among observers depends on how the build numbered the beans), not before
 * some of them.
 */
class PersistOnShutdownTest {

	static final String OUTCOME = "snowflake.test.persist-on-shutdown";

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2File("persist-on-shutdown")
		.withApplicationRoot((jar) -> jar.addClasses(Item.class, TestApps.class, AuditOnStop.class))
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "2")
		.setAfterAllCustomizer(() -> assertThat(System.clearProperty(OUTCOME))
			.as("the entity stored by the application's observer of the stop").isEqualTo("stored"));

	@Inject
	ManagedGenerator managed;

	@Test
	void leases() {
		assertThat(this.managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
	}

	@ApplicationScoped
	static class AuditOnStop {

		@Inject
		EntityManager entityManager;

		void onStop(@Observes @Priority(Interceptor.Priority.APPLICATION + 1000) ShutdownEvent event) {
			try {
				QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(new Item()));
				System.setProperty(OUTCOME, "stored");
			}
			catch (RuntimeException ex) {
				System.setProperty(OUTCOME, TestApps.messages(ex));
			}
		}
	}
}
