package io.snowflakeid.quarkus.deployment.json;

import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code quarkus.snowflake.jsonb.ids-as-strings=false}: the build leaves the classes alone, ids stay numbers. */
class JsonbIdsAsNumbersTest {

	@RegisterExtension
	static final QuarkusUnitTest app = JsonApps.tickets("jsonb-numbers")
		.withApplicationRoot((jar) -> jar.addClasses(Ticket.class, TicketLinks.class, TicketResource.class,
				JsonApps.class, Parcel.class))
		.overrideConfigKey("quarkus.snowflake.jsonb.ids-as-strings", "false");

	@Inject
	Jsonb jsonb;

	@Test
	void idsAreNumbers() {
		Parcel parcel = new Parcel();
		parcel.id = 912207628317364225L;
		assertThat(this.jsonb.toJson(parcel)).contains("\"id\":912207628317364225");
	}
}
