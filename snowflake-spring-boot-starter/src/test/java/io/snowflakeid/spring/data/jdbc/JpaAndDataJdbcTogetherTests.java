package io.snowflakeid.spring.data.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.UUID;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spring.jpa.JpaTestApplication;
import io.snowflakeid.spring.jpa.Ticket;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** An application with JPA entities and Spring Data JDBC aggregates: one generator bean, one lease, one sequence. */
class JpaAndDataJdbcTogetherTests {

	@Test
	void entitiesAndAggregatesDrawFromOneGeneratorOnOneLeasedWorker() throws Exception {
		String url = "jdbc:h2:mem:jpa-and-jdbc-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(JpaTestApplication.class,
				DataJdbcTestApplication.class)
			.run("--spring.datasource.url=" + url, "--spring.main.web-application-type=none",
					"--spring.jpa.hibernate.ddl-auto=create-drop",
					"--spring.sql.init.schema-locations=classpath:data-jdbc-schema.sql",
					// application.properties sets static ids: none here, so the worker id is leased
					"--snowflake.datacenter-id=", "--snowflake.worker-id=")) {
			ManagedGenerator managed = context.getBean(ManagedGenerator.class);
			assertThat(managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
			SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
			NoteRepository notes = context.getBean(NoteRepository.class);

			long firstTicket = persistTicket(context);
			long note = notes.save(new Note("between")).getId();
			long secondTicket = persistTicket(context);

			assertThat(note).as("one sequence for JPA and Data JDBC").isBetween(firstTicket + 1, secondTicket - 1);
			for (long id : new long[] { firstTicket, note, secondTicket }) {
				assertThat(generator.decode(id).workerId()).as("worker of %s", id)
					.isEqualTo(managed.lease().workerId());
				assertThat(generator.decode(id).datacenterId()).isEqualTo(managed.lease().datacenterId());
			}
			try (Connection connection = DriverManager.getConnection(url, "sa", "");
					ResultSet held = connection.createStatement()
						.executeQuery("SELECT COUNT(*) FROM snowflake_worker_lease WHERE lease_end > 0")) {
				held.next();
				assertThat(held.getLong(1)).as("one lease for both").isEqualTo(1);
			}
		}
	}

	private static long persistTicket(ConfigurableApplicationContext context) {
		EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager();
		try {
			em.getTransaction().begin();
			Ticket ticket = new Ticket();
			em.persist(ticket);
			em.getTransaction().commit();
			return ticket.getId();
		}
		finally {
			em.close();
		}
	}
}
