package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.migrations.MigratedMember;
import io.snowflakeid.migrations.MigratedTicket;
import io.snowflakeid.migrations.MigrationTestApplication;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLease;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the Flyway and Liquibase tests share: the application ({@link MigrationTestApplication}) started on an
 * {@link IsolatedSchema} with a worker lease and both id kinds, the library's tables left to the migration tool
 * and Hibernate only validating, and the checks that it then works.
 */
final class MigratedApplication {

	/** The library creates nothing, Hibernate creates nothing: the migrations own the schema. */
	/** The names of the beans in the order the context created them (a singleton of the started context). */
	private static final String CREATION_ORDER = "migratedApplicationCreationOrder";

	static final String[] MIGRATIONS_OWN_THE_SCHEMA = { "--snowflake.worker-assignment=database-lease",
			"--snowflake.lease.create-table=false", "--snowflake.segment.create-table=false",
			"--spring.jpa.hibernate.ddl-auto=validate" };

	private MigratedApplication() {
	}

	/**
	 * Starts the application; properties as command-line arguments, which win over the test class path's
	 * application.properties (it switches Flyway and Liquibase off for the other tests).
	 */
	static ConfigurableApplicationContext start(IsolatedSchema schema, String... properties) {
		List<String> arguments = new ArrayList<>(List.of(schema.springProperties()));
		arguments.addAll(List.of("--spring.main.web-application-type=none", "--spring.main.banner-mode=off",
				"--spring.jpa.open-in-view=false"));
		arguments.addAll(List.of(properties));
		List<String> created = new CopyOnWriteArrayList<>();
		return new SpringApplicationBuilder(MigrationTestApplication.class).initializers((context) -> {
			context.getBeanFactory().registerSingleton(CREATION_ORDER, created);
			context.getBeanFactory().addBeanPostProcessor(new BeanPostProcessor() {
				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					created.add(beanName);
					return bean;
				}
			});
		}).run(arguments.toArray(String[]::new));
	}

	static String[] with(String[] first, String... more) {
		List<String> all = new ArrayList<>(List.of(first));
		all.addAll(List.of(more));
		return all.toArray(String[]::new);
	}

	/** Persists {@code count} entities of each kind in one transaction; the segment ids, in order. */
	static List<Long> insertBothKinds(ConfigurableApplicationContext context, int count) {
		EntityManagerFactory factory = context.getBean(EntityManagerFactory.class);
		SnowflakeIdGenerator ids = context.getBean(SnowflakeIdGenerator.class);
		List<MigratedTicket> tickets = new ArrayList<>();
		List<MigratedMember> members = new ArrayList<>();
		EntityManager entityManager = factory.createEntityManager();
		try {
			entityManager.getTransaction().begin();
			for (int i = 0; i < count; i++) {
				MigratedTicket ticket = new MigratedTicket("ticket " + i);
				MigratedMember member = new MigratedMember("member " + i);
				entityManager.persist(ticket);
				entityManager.persist(member);
				tickets.add(ticket);
				members.add(member);
			}
			entityManager.getTransaction().commit();
		}
		finally {
			entityManager.close();
		}
		WorkerLease lease = context.getBean(ManagedGenerator.class).lease();
		for (MigratedTicket ticket : tickets) {
			SnowflakeIdParts parts = ids.decode(ticket.getId());
			assertThat(parts.datacenterId() + "/" + parts.workerId()).as("snowflake id %s from the leased worker", parts)
				.isEqualTo(lease.datacenterId() + "/" + lease.workerId());
		}
		return members.stream().map(MigratedMember::getId).toList();
	}

	/** The lease is this application's, and its row in the migrated table says so. */
	static void assertLeaseHeldInTable(ConfigurableApplicationContext context, IsolatedSchema schema)
			throws SQLException {
		ManagedGenerator managed = context.getBean(ManagedGenerator.class);
		assertThat(managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
		WorkerLease lease = managed.lease();
		try (Connection connection = schema.connect();
				PreparedStatement query = connection.prepareStatement("SELECT owner, instance_id, lease_end "
						+ "FROM snowflake_worker_lease WHERE datacenter_id = ? AND worker_id = ?")) {
			query.setInt(1, lease.datacenterId());
			query.setInt(2, lease.workerId());
			try (ResultSet row = query.executeQuery()) {
				assertThat(row.next()).as("the lease row in the migrated table").isTrue();
				assertThat(row.getString("owner")).isEqualTo(lease.owner());
				assertThat(row.getString("instance_id")).as("the holder's token").isNotBlank();
				assertThat(row.getLong("lease_end")).as("lease end").isGreaterThan(System.currentTimeMillis());
			}
		}
	}

	/**
	 * The lease and the segment generators wait for the migration tool ({@code @DependsOnDatabaseInitialization}):
	 * without that, any bean that takes ids early (an application bean is created before the auto-configured
	 * ones) would lease from a table that does not exist yet. That it works in one application is luck of bean
	 * order, so the order in which the context created them is checked.
	 */
	@SuppressWarnings("unchecked")
	static void assertCreatedAfter(ConfigurableApplicationContext context, String migrationBean) {
		List<String> created = (List<String>) context.getBean(CREATION_ORDER);
		assertThat(created).as("beans in the order they were created").contains(migrationBean);
		for (String bean : List.of("snowflakeWorkerClaim", "segmentIdGenerators")) {
			assertThat(created).as("beans in the order they were created").contains(bean);
			assertThat(created.indexOf(bean)).as("%s created after %s", bean, migrationBean)
				.isGreaterThan(created.indexOf(migrationBean));
		}
	}

	/** The segment row of the test entity's key: the highest value handed out. */
	static long segmentMax(IsolatedSchema schema) throws SQLException {
		try (Connection connection = schema.connect();
				PreparedStatement query = connection
					.prepareStatement("SELECT max_value FROM snowflake_segment WHERE segment_key = ?")) {
			query.setString(1, MigratedMember.KEY);
			try (ResultSet row = query.executeQuery()) {
				assertThat(row.next()).as("the segment row of key %s", MigratedMember.KEY).isTrue();
				return row.getLong(1);
			}
		}
	}

	/** The message of every exception in the chain, outermost first: what a start-up failure tells the user. */
	static String messages(Throwable failure) {
		StringBuilder text = new StringBuilder();
		for (Throwable t = failure; t != null; t = t.getCause()) {
			text.append(t.getClass().getName()).append(": ").append(t.getMessage()).append('\n');
		}
		return text.toString();
	}
}
