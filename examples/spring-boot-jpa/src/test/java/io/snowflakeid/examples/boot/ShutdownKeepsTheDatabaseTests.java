package io.snowflakeid.examples.boot;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example pointed at a database that outlives it (its README suggests a real one) leaves the tables and rows
 * there when it stops: its own configuration never drops them.
 */
class ShutdownKeepsTheDatabaseTests {

	@Test
	void stoppingTheExampleKeepsItsTablesAndRows() throws Exception {
		String url = "jdbc:h2:mem:outlives-the-app;DB_CLOSE_DELAY=-1";
		try (Connection keepAlive = DriverManager.getConnection(url, "sa", "")) {
			// main(...): with -Paot the application starts from its AOT initializer, which SpringApplication looks
			// up by the main class (deduced from the stack it would be surefire's ForkedBooter). A web server on a
			// free port rather than web-application-type=none: AOT fixed the bean set, a servlet web application.
			try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ExampleApplication.class)
				.main(ExampleApplication.class)
				.run("--spring.datasource.url=" + url, "--server.port=0")) {
				assertThat(context.getBean(CustomerRepository.class).count()).isEqualTo(2);
			}
			try (Statement statement = keepAlive.createStatement();
					ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM customer")) {
				rows.next();
				assertThat(rows.getLong(1)).as("customers after the example stopped").isEqualTo(2);
			}
		}
	}
}
