package io.snowflakeid.quarkus.deployment.json;

import java.util.logging.Level;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that produces its own {@code ObjectMapper} without applying Quarkus' customizers would send ids as
 * numbers: the start says so, with the fix.
 */
class ApplicationsOwnObjectMapperTest {

	@RegisterExtension
	static final QuarkusUnitTest app = JsonApps.tickets("own-mapper")
		.withApplicationRoot((jar) -> jar.addClasses(Ticket.class, TicketLinks.class, TicketResource.class,
				JsonApps.class, OwnMapper.class))
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.WARNING.intValue()
				&& record.getLoggerName().startsWith("io.snowflakeid"))
		.assertLogRecords((records) -> assertThat(records)
			.anySatisfy((record) -> assertThat(record.getMessage())
				.contains("application's own ObjectMapper does not write @SnowflakeId ids as JSON strings")
				.contains("quarkus.snowflake.jackson.ids-as-strings=false")));

	@jakarta.inject.Inject
	ObjectMapper mapper;

	@Test
	void theStartWarnsThatIdsWouldBeNumbers() throws Exception {
		// the warning itself is asserted when the application stops (assertLogRecords); here: why it is needed
		assertThat(this.mapper.writeValueAsString(new TicketLinks(912207628317364225L, null, null)))
			.contains("\"ticketId\":912207628317364225");
	}

	@Singleton
	static class OwnMapper {

		@Produces
		@Singleton
		ObjectMapper objectMapper() {
			return new ObjectMapper();
		}
	}
}
