package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.util.logging.Level;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Summary;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ObjectMapper Quarkus produces, with the module registered by the customizer: no warning that the application's
 * own mapper sends numbers (the warning tells the operator to turn the strings off).
 */
class DefaultMapperWarningTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ShapeApps.app("default-mapper")
		.withApplicationRoot((jar) -> jar.addClasses(ShapeApps.class, Shapes.class, Summary.class))
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.WARNING.intValue()
				&& record.getLoggerName().startsWith("io.snowflakeid"))
		.assertLogRecords((records) -> assertThat(records)
			.noneSatisfy((record) -> assertThat(record.getMessage()).contains("own ObjectMapper")));

	@Inject
	ObjectMapper mapper;

	@Test
	void theModuleIsRegisteredAndFoundByItsId() throws Exception {
		assertThat(this.mapper.writeValueAsString(new Summary(ShapeApps.ID_A, "s")))
			.contains("\"id\":\"" + ShapeApps.ID_A + "\"");
		// what the start check looks for: Jackson keeps a module registered under its name
		assertThat(this.mapper.getRegisteredModuleIds()).contains("snowflake-id", "snowflake-public-id");
	}
}
