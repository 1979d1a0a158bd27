package io.snowflakeid.spring.jpa;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.UUID;

import io.snowflakeid.SnowflakeSchemaException;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The column check runs on a thread of its own while the context starts, and a column that cannot hold the ids still
 * stops the start, before the context is ready, with the check's exception as the root cause, also with
 * {@code spring.main.lazy-initialization} (a check that comes after the start runs at once: SpringGeneratorSourceTests).
 */
class ColumnCheckBesideTheStartTests {

	@Test
	void aNarrowColumnStopsTheStart() throws Exception {
		String url = narrowTicketTable();
		assertThatThrownBy(() -> start(url).close()).hasRootCauseInstanceOf(SnowflakeSchemaException.class)
			.rootCause()
			.hasMessageContaining("ticket.id");
	}

	@Test
	void aNarrowColumnFailsTheStartOrTheEntityManagerFactoryWithLazyInitialization() throws Exception {
		String url = narrowTicketTable();
		assertThatThrownBy(() -> {
			try (ConfigurableApplicationContext context = start(url, "--spring.main.lazy-initialization=true")) {
				context.getBean(EntityManagerFactory.class).createEntityManager().close();
			}
		}).hasRootCauseInstanceOf(SnowflakeSchemaException.class);
	}

	@Test
	void aWideColumnStarts() throws Exception {
		String url = "jdbc:h2:mem:wide-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
			connection.createStatement().execute("CREATE TABLE ticket (id BIGINT PRIMARY KEY)");
		}
		try (ConfigurableApplicationContext context = start(url)) {
			assertThat(context.isActive()).isTrue();
		}
	}

	private static String narrowTicketTable() throws Exception {
		String url = "jdbc:h2:mem:narrow-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
			connection.createStatement().execute("CREATE TABLE ticket (id INTEGER PRIMARY KEY)");
		}
		return url;
	}

	private static ConfigurableApplicationContext start(String url, String... more) {
		String[] arguments = { "--spring.datasource.url=" + url, "--spring.main.web-application-type=none",
				"--spring.jpa.hibernate.ddl-auto=none" };
		String[] all = new String[arguments.length + more.length];
		System.arraycopy(arguments, 0, all, 0, arguments.length);
		System.arraycopy(more, 0, all, arguments.length, more.length);
		return new SpringApplicationBuilder(JpaTestApplication.class).run(all);
	}
}
