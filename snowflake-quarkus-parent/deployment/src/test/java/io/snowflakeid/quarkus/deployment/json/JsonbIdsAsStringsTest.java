package io.snowflakeid.quarkus.deployment.json;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * JSON-B (the {@code Jsonb} that Quarkus REST's JSON-B provider uses): {@code @SnowflakeId} ids go out as strings and
 * come in as strings or numbers, on entities and plain beans; a property the application formats itself keeps
 * its format.
 */
class JsonbIdsAsStringsTest {

	@RegisterExtension
	static final QuarkusUnitTest app = JsonApps.tickets("jsonb")
		.withApplicationRoot((jar) -> jar.addClasses(Ticket.class, TicketLinks.class, TicketResource.class,
				JsonApps.class, Parcel.class));

	@Inject
	Jsonb jsonb;

	@Inject
	EntityManager entityManager;

	@Test
	void anEntitysIdIsAStringThatRoundTrips() {
		Ticket ticket = new Ticket();
		ticket.quantity = 4;
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(ticket));
		String json = this.jsonb.toJson(ticket);
		assertThat(json).contains("\"id\":\"" + ticket.id + "\"", "\"quantity\":4");
		assertThat(this.jsonb.fromJson(json, Ticket.class).id).isEqualTo(ticket.id);
		Ticket found = QuarkusTransaction.requiringNew().call(() -> this.entityManager.find(Ticket.class, ticket.id));
		assertThat(this.jsonb.toJson(found)).contains("\"id\":\"" + ticket.id + "\"");
	}

	@Test
	void fieldsAndGettersAreStringsAndTheApplicationsOwnFormatIsKept() {
		Parcel parcel = new Parcel();
		parcel.id = 912207628317364225L;
		parcel.setOrderId(912207628317364226L);
		parcel.legacyId = 912207628317364227L;
		parcel.weight = 12L;
		assertThat(this.jsonb.toJson(parcel)).contains("\"id\":\"912207628317364225\"",
				"\"orderId\":\"912207628317364226\"", "\"legacyId\":\"912,207,628,317,364,227\"", "\"weight\":12");
	}

	@Test
	void idsAreReadFromStringsOrNumbers() {
		Parcel parcel = this.jsonb.fromJson("{\"id\":\"912207628317364225\",\"orderId\":912207628317364226}",
				Parcel.class);
		assertThat(parcel.id).isEqualTo(912207628317364225L);
		assertThat(parcel.getOrderId()).isEqualTo(912207628317364226L);
	}

	@Test
	void aRecordsIdsAreStringsAndReadBack() {
		String json = this.jsonb.toJson(new TicketLinks(912207628317364225L, null, null));
		assertThat(json).contains("\"ticketId\":\"912207628317364225\"");
		assertThat(this.jsonb.fromJson(json, TicketLinks.class).ticketId()).isEqualTo(912207628317364225L);
	}

	@Test
	void aValueThatIsNoIdIsRefusedNamingIt() {
		assertThatThrownBy(() -> this.jsonb.fromJson("{\"id\":\"12ab\"}", Parcel.class))
			.hasStackTraceContaining("Not a snowflake id: '12ab'");
	}
}
