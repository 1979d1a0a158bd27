package io.snowflakeid.spring.closing;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The EntityManagerFactory closes before what gives its ids: the generator beans are created late in the start (so
 * that they may wait for the database initialization), and Spring closes beans in the reverse order of their creation,
 * which handed segments back, and under deferred initialization released the lease, while the factory still took
 * inserts.
 */
class ClosingOrderTests {

	@ParameterizedTest(name = "defer-datasource-initialization={0}")
	@ValueSource(booleans = { false, true })
	void theLastInsertsBeforeTheFactoryClosesStillGetIds(boolean deferred) {
		LastWork lastWork = new LastWork();
		String url = "jdbc:h2:mem:closing-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		start(url, lastWork, deferred).close();
		assertThat(lastWork.failures).as("no insert refused while the factory was open").isEmpty();
		assertThat(lastWork.ids).hasSize(2).doesNotContainNull();
		assertThat((Long) lastWork.ids.get(1)).as("from the segment").isBetween(100L, 109L);
		JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(url, "sa", "")); // the application's pool is closed
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM snowflake_worker_lease WHERE instance_id IS NOT NULL",
				Long.class))
			.as("released once the factory has closed")
			.isZero();
	}

	private static ConfigurableApplicationContext start(String url, LastWork lastWork, boolean deferred) {
		List<String> arguments = new ArrayList<>(List.of("--spring.datasource.url=" + url,
				"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create",
				"--spring.jpa.defer-datasource-initialization=" + deferred, "--snowflake.datacenter-id=",
				"--snowflake.worker-id="));
		return new SpringApplicationBuilder(ClosingApplication.class)
			.initializers((context) -> context.getBeanFactory().addBeanPostProcessor(lastWork))
			.run(arguments.toArray(String[]::new));
	}
}
