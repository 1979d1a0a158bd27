package io.snowflakeid.redis.internal;

import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorService;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.worker.WorkerLease;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Hibernate application without Spring: {@code snowflake.worker-assignment=redis} and {@code snowflake.redis.uri}
 * in the Hibernate settings lease the worker id in Redis through the provider; closing the SessionFactory releases it.
 */
class PlainHibernateRedisTests {

	private final String key = RedisTestServers.uniqueKey();

	private RedisTestServers.Direct direct;

	@AfterEach
	void deleteKey() {
		if (this.direct != null) {
			this.direct.delete(this.key);
			this.direct.close();
		}
	}

	private SessionFactory build(String uri) {
		return build(uri, "true"); // the shared server runs Redis' defaults (no append-only file)
	}

	private SessionFactory build(String uri, String acceptDataLossRisk) {
		Configuration configuration = new Configuration().addAnnotatedClass(Ticket.class);
		configuration.setProperty("hibernate.connection.url", "jdbc:h2:mem:redis-" + this.key.substring(15)
				+ ";DB_CLOSE_DELAY=-1")
			.setProperty("hibernate.connection.username", "sa")
			.setProperty("hibernate.hbm2ddl.auto", "create-drop")
			.setProperty("snowflake.worker-assignment", "redis")
			.setProperty("snowflake.redis.key", this.key);
		if (acceptDataLossRisk != null) {
			configuration.setProperty("snowflake.redis.accept-data-loss-risk", acceptDataLossRisk);
		}
		if (uri != null) {
			configuration.setProperty("snowflake.redis.uri", uri);
			RedisTestServers.inUse(uri, this.key); // no wait for lost holders (RedisLeaseFenceTests)
		}
		return configuration.buildSessionFactory();
	}

	@Test
	void entitiesGetIdsOfThePairLeasedInRedisAndClosingTheFactoryReleasesIt() {
		String uri = RedisTestServers.sharedUri();
		this.direct = RedisTestServers.direct(uri);
		WorkerLease lease;
		List<Long> ids = new ArrayList<>();
		try (SessionFactory factory = build(uri)) {
			lease = factory.unwrap(SessionFactoryImplementor.class).getServiceRegistry()
				.getService(SnowflakeGeneratorService.class).managedGenerator().lease();
			assertThat(lease).isNotNull();
			factory.inTransaction((session) -> {
				for (int i = 0; i < 20; i++) {
					Ticket ticket = new Ticket();
					session.persist(ticket);
					ids.add(ticket.id);
				}
			});
			var generator = factory.unwrap(SessionFactoryImplementor.class).getServiceRegistry()
				.getService(SnowflakeGeneratorService.class).managedGenerator().generator();
			for (long id : ids) {
				SnowflakeIdParts parts = generator.decode(id);
				assertThat(parts.datacenterId()).isEqualTo(lease.datacenterId());
				assertThat(parts.workerId()).isEqualTo(lease.workerId());
			}
			assertThat(ids).doesNotHaveDuplicates();
			assertThat(this.direct.number(this.key, lease.datacenterId(), lease.workerId(), "leaseEnd")).isPositive();
		}
		assertThat(this.direct.number(this.key, lease.datacenterId(), lease.workerId(), "leaseEnd"))
			.as("released when the SessionFactory closed").isZero();
		assertThat(this.direct.token(this.key, lease.datacenterId(), lease.workerId())).isEmpty();
	}

	@Test
	void aServerThatCanLoseTheLeaseIsRefusedUnlessTheSettingAcceptsTheRisk() throws Exception {
		RedisTestServers.assumeOwnServers();
		RedisTestServers.OwnServer server = new RedisTestServers.OwnServer(false).start();
		try (server) {
			assertThatThrownBy(() -> build(server.uri(), null).close())
				.hasStackTraceContaining("appendonly is no")
				.hasStackTraceContaining("snowflake.redis.accept-data-loss-risk=true");
			assertThatThrownBy(() -> build(server.uri(), "yes").close())
				.hasStackTraceContaining("Invalid snowflake.redis.accept-data-loss-risk = 'yes'");
			try (SessionFactory factory = build(server.uri(), "true")) {
				assertThat(factory.isOpen()).isTrue();
			}
		}
	}

	@Test
	void withoutTheUriTheFailureNamesTheSetting() {
		assertThatThrownBy(() -> build(null).close()).hasStackTraceContaining("snowflake.redis.uri");
	}

	/** An entity with a snowflake id. */
	@Entity(name = "RedisTicket")
	public static class Ticket {

		@Id
		@SnowflakeId
		Long id;

		String subject = "s";
	}

}
