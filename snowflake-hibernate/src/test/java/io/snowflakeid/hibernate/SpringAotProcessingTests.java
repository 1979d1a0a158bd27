package io.snowflakeid.hibernate;

import java.util.HashMap;
import java.util.Map;

import io.snowflakeid.hibernate.Entities.Account;
import io.snowflakeid.hibernate.Entities.Invoice;
import io.snowflakeid.hibernate.Entities.Ticket;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorLookup;
import org.hibernate.SessionFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.Generator;
import org.hibernate.id.IdentifierGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * While Spring AOT processes an application at build time, Spring Data JPA (Spring Boot 4) boots Hibernate from the
 * mapping alone, without the application's beans or a database, as here: no snowflake settings, no connection, no
 * JDBC metadata. Booting must succeed without looking for a generator (which would lease a worker id from no
 * database), and a generator built then refuses to issue ids, naming why.
 */
class SpringAotProcessingTests {

	@AfterEach
	void clearTheFlag() {
		System.clearProperty(SnowflakeGeneratorLookup.SPRING_AOT_PROCESSING);
	}

	private static SessionFactory mappingOnly() {
		Map<String, String> settings = new HashMap<>();
		settings.put("hibernate.dialect", "org.hibernate.dialect.H2Dialect");
		settings.put("hibernate.boot.allow_jdbc_metadata_access", "false");
		return PlainHibernate.build(settings, Invoice.class, Ticket.class, Account.class);
	}

	private static Generator generatorOf(SessionFactory factory, Class<?> entity) {
		return factory.unwrap(SessionFactoryImplementor.class)
			.getMappingMetamodel()
			.getEntityDescriptor(entity)
			.getGenerator();
	}

	@Test
	void bootsFromTheMappingAloneAndIssuesNoIdsDuringAotProcessing() {
		System.setProperty(SnowflakeGeneratorLookup.SPRING_AOT_PROCESSING, "true");
		try (SessionFactory factory = mappingOnly()) {
			for (Class<?> entity : new Class<?>[] { Invoice.class, Ticket.class }) {
				BeforeExecutionGenerator snowflake = (BeforeExecutionGenerator) generatorOf(factory, entity);
				assertThatIllegalStateException().isThrownBy(() -> snowflake.generate(null, null, null, EventType.INSERT))
					.withMessageContaining("@SnowflakeId issues no ids while Spring AOT processes the application")
					.withMessageContaining("spring.aot.processing=true");
			}
			IdentifierGenerator segment = (IdentifierGenerator) generatorOf(factory, Account.class);
			assertThatIllegalStateException().isThrownBy(() -> segment.generate(null, new Account()))
				.withMessageContaining("@SegmentId issues no ids while Spring AOT processes the application");
		}
	}

	/** What Spring Boot 4's process-aot failed with before: a worker id leased through a connection there is not. */
	@Test
	void outsideAotProcessingTheSameBootTriesToLeaseAWorkerId() {
		assertThatException().isThrownBy(() -> mappingOnly().close())
			.withStackTraceContaining("The application must supply JDBC connections")
			.withStackTraceContaining("io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorService");
	}
}
