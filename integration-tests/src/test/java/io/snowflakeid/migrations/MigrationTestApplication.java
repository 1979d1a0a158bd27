package io.snowflakeid.migrations;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The application of the Flyway and Liquibase tests, in a package of its own: with
 * {@code spring.jpa.hibernate.ddl-auto=validate} Hibernate checks every entity it scans, so it must see only the
 * two whose tables the tests' own migrations create (the other tests' application does not scan this package).
 */
@SpringBootApplication
public class MigrationTestApplication {

}
