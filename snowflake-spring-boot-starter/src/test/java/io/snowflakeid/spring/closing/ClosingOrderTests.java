package io.snowflakeid.spring.closing;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.snowflakeid.SnowflakeIdGenerator;

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

	@ParameterizedTest(name = "defer-datasource-initialization={0}, segment generators taken by the application={1}")
	@CsvSource({ "false,false", "true,false", "false,true", "true,true" })
	void theLastInsertsBeforeTheFactoryClosesStillGetIds(boolean deferred, boolean segmentUser) {
		LastWork lastWork = new LastWork();
		String url = "jdbc:h2:mem:closing-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		start(url, lastWork, "--spring.jpa.defer-datasource-initialization=" + deferred,
				"--closing.segment-user=" + segmentUser).close();
		assertThat(lastWork.failures).as("no insert refused while the factory was open").isEmpty();
		assertThat(lastWork.ids).hasSize(2).doesNotContainNull();
		assertThat((Long) lastWork.ids.get(1)).as("from the segment").isBetween(100L, 109L);
		JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(url, "sa", "")); // the application's pool is closed
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM snowflake_worker_lease WHERE instance_id IS NOT NULL",
				Long.class))
			.as("released once the factory has closed")
			.isZero();
	}

	@ParameterizedTest(name = "defer-datasource-initialization={0}, lazy-initialization={1}")
	@CsvSource({ "false,false", "true,false", "false,true", "true,true" })
	void anApplicationBeanTakesItsLastIdBeforeTheLeaseIsReleased(boolean deferred, boolean lazy) {
		LastIds.taken.clear();
		String url = "jdbc:h2:mem:closing-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		ConfigurableApplicationContext context = start(url, new LastWork(),
				"--spring.jpa.defer-datasource-initialization=" + deferred, "--spring.main.lazy-initialization=" + lazy);
		context.getBean(LastIds.class); // created, with lazy initialization too
		context.close();
		assertThat(LastIds.taken).hasSize(1).allSatisfy((id) -> assertThat(id).isInstanceOf(Long.class));
		assertThat(new JdbcTemplate(new DriverManagerDataSource(url, "sa", "")).queryForObject(
				"SELECT COUNT(*) FROM snowflake_worker_lease WHERE instance_id IS NOT NULL", Long.class))
			.as("released, while its database was still open")
			.isZero();
	}

	@Test
	void closingAChildContextLeavesTheParentsLease() {
		String url = "jdbc:h2:mem:closing-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		try (ConfigurableApplicationContext parent = start(url, new LastWork())) {
			ConfigurableApplicationContext child = new SpringApplicationBuilder(ClosingApplication.class)
				.parent(parent)
				.run("--spring.datasource.url=jdbc:h2:mem:child-" + UUID.randomUUID(),
						"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create",
						"--snowflake.datacenter-id=0", "--snowflake.worker-id=9");
			child.close();
			assertThat(parent.getBean(SnowflakeIdGenerator.class).nextId()).isPositive();
			assertThat(parent.getBean(JdbcTemplate.class).queryForObject(
					"SELECT COUNT(*) FROM snowflake_worker_lease WHERE instance_id IS NOT NULL", Long.class))
				.isOne();
		}
	}

	private static ConfigurableApplicationContext start(String url, LastWork lastWork, String... more) {
		List<String> arguments = new ArrayList<>(List.of("--spring.datasource.url=" + url,
				"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create",
				"--snowflake.datacenter-id=", "--snowflake.worker-id="));
		arguments.addAll(List.of(more));
		return new SpringApplicationBuilder(ClosingApplication.class)
			.initializers((context) -> context.getBeanFactory().addBeanPostProcessor(lastWork))
			.run(arguments.toArray(String[]::new));
	}
}
