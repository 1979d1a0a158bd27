package io.snowflakeid.schema;

import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.SnowflakeSchemaException;
import io.snowflakeid.it.TestDatabase;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The column check in a Spring Boot application: {@code snowflake.schema-check} reaches Hibernate, and a failure
 * is reported as Spring Boot's "APPLICATION FAILED TO START" with the ALTER statement as the action.
 */
@ExtendWith(OutputCaptureExtension.class)
class SchemaCheckSpringBootTests {

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	/** The entities of this package (auto-configuration packages), over a schema the test creates. */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class SchemaApplication {
	}

	private static ConfigurableApplicationContext start(SchemaTestSupport db, String... extra) {
		List<String> properties = new ArrayList<>(List.of("spring.datasource.url=" + db.url,
				"spring.datasource.username=" + db.database.username(),
				"spring.datasource.password=" + db.database.password(), "spring.jpa.hibernate.ddl-auto=none",
				"spring.main.web-application-type=none", "spring.main.banner-mode=off", "snowflake.datacenter-id=3",
				"snowflake.worker-id=10", "snowflake.segment.table-name=it_check_segments"));
		properties.addAll(List.of(extra));
		return new SpringApplicationBuilder(SchemaApplication.class).properties(properties.toArray(String[]::new))
			.run();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNarrowColumnStopsTheApplicationWithTheAlterStatementAsTheAction(TestDatabase database,
			CapturedOutput output) throws Exception {
		SchemaTestSupport db = new SchemaTestSupport(database);
		db.drop("it_check_thing");
		db.sql("CREATE TABLE it_check_thing (id INT NOT NULL PRIMARY KEY)");
		try {
			Throwable failure = catchThrowable(() -> start(db).close());
			assertThat(failure).hasRootCauseInstanceOf(SnowflakeSchemaException.class);
			assertThat(output).contains("APPLICATION FAILED TO START")
				.contains("CheckedThing.id (@SnowflakeId) is mapped to column")
				.contains("Run on the database")
				.contains("ALTER TABLE it_check_thing")
				.contains("snowflake.schema-check=warn");
		}
		finally {
			db.drop("it_check_thing");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void theSpringPropertyReachesHibernatesCheck(TestDatabase database) throws Exception {
		SchemaTestSupport db = new SchemaTestSupport(database);
		db.drop("it_check_thing");
		db.sql("CREATE TABLE it_check_thing (id INT NOT NULL PRIMARY KEY)");
		try (SchemaTestSupport.CheckLog log = new SchemaTestSupport.CheckLog();
				ConfigurableApplicationContext context = start(db, "snowflake.schema-check=warn")) {
			assertThat(context.isRunning()).isTrue();
			assertThat(log.messages).singleElement().asString().contains("CheckedThing.id");
		}
		finally {
			db.drop("it_check_thing");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void theSettingInSpringJpaPropertiesWinsOverTheSnowflakeProperty(TestDatabase database) throws Exception {
		SchemaTestSupport db = new SchemaTestSupport(database);
		db.drop("it_check_thing");
		db.sql("CREATE TABLE it_check_thing (id INT NOT NULL PRIMARY KEY)");
		try (SchemaTestSupport.CheckLog log = new SchemaTestSupport.CheckLog();
				ConfigurableApplicationContext context = start(db, "snowflake.schema-check=fail",
						"spring.jpa.properties.snowflake.schema-check=warn")) {
			assertThat(context.isRunning()).isTrue();
			assertThat(log.messages).singleElement().asString().contains("CheckedThing.id");
		}
		finally {
			db.drop("it_check_thing");
		}
	}
}
