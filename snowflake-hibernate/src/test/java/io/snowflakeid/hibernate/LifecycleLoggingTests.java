package io.snowflakeid.hibernate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.snowflakeid.internal.logging.Logging;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In a plain Hibernate application the lease's lifecycle lines go where Hibernate's own go (JBoss Logging, to the
 * application's backend: Logback here), not to java.util.logging, which the JDK resets in a shutdown hook of its own
 * while the application's hook is still closing the SessionFactory and releasing the worker id.
 */
class LifecycleLoggingTests {

	private final Logger library = (Logger) LoggerFactory.getLogger("io.snowflakeid");

	private final List<String> lines = new ArrayList<>();

	private final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {

		@Override
		protected void append(ILoggingEvent event) {
			synchronized (LifecycleLoggingTests.this.lines) {
				LifecycleLoggingTests.this.lines.add(event.getLevel() + " " + event.getFormattedMessage());
			}
		}
	};

	@AfterEach
	void detach() {
		this.library.detachAppender(this.appender);
	}

	@Test
	void leaseAndReleaseLinesReachTheApplicationsBackendThroughJBossLogging() {
		Logging.resetRoute(); // a fresh JVM: the Hibernate binding itself must install the route
		this.library.setLevel(Level.INFO);
		this.appender.setContext(this.library.getLoggerContext());
		this.appender.start();
		this.library.addAppender(this.appender);
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.worker-assignment", "database-lease");
		settings.put("snowflake.lease.duration", "5s");
		try (SessionFactory factory = PlainHibernate.build(settings, Entities.Invoice.class)) {
			try (Session session = factory.openSession()) {
				session.getTransaction().begin();
				session.persist(new Entities.Invoice("ACME"));
				session.getTransaction().commit();
			}
		}
		String text;
		synchronized (this.lines) {
			text = String.join("\n", this.lines);
		}
		assertThat(text).contains("INFO Leased snowflake worker (datacenter ")
			.contains("INFO Released snowflake worker (datacenter ");
	}
}
