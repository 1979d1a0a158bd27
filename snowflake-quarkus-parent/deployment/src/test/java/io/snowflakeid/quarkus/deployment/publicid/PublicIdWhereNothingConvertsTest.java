package io.snowflakeid.quarkus.deployment.publicid;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.publicid.PublicId;
import jakarta.json.bind.annotation.JsonbCreator;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ext.ContextResolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Places where Quarkus would take or send the raw id although {@code @PublicId} is there (found by the 2026-12-06
 * review): the build refuses each, named. A parameter declared on an interface (Quarkus REST converts the implementing
 * method's parameters, which do not carry the annotation), a resource method's return value (written by the web
 * layer), an {@code ObjectMapper} given through a {@code ContextResolver}, a JSON-B class built through its creator; a
 * REST client's bean parameter (its fields are written with {@code toString()}: review finding P2), a REST parameter on
 * a setter.
 */
class PublicIdWhereNothingConvertsTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps
		.withKey("public-id-nothing-converts", ShipmentsApi.class, Shipments.class, Current.class, OwnMapper.class,
				Created.class, ClientQuery.class, EchoClient.class, SetterQuery.class)
		.assertException((failure) -> assertThat(PublicIdApps.messages(failure))
			.contains("@PublicId where snowflake-quarkus cannot turn ids into tokens")
			.contains(ShipmentsApi.class.getName() + ".find(parameter 0): on an interface or abstract method")
			.contains(Current.class.getName() + ".current(): the return value of a REST or route method")
			.contains(OwnMapper.class.getName() + ": a ContextResolver<ObjectMapper>")
			.contains(Created.class.getName() + ".id: JSON-B builds " + Created.class.getName()
					+ " through its creator")
			.contains(ClientQuery.class.getName() + ".id: a bean parameter of " + EchoClient.class.getName()
					+ ".find(), a REST client's method")
			.contains(SetterQuery.class.getName() + ".setId(): a REST parameter on a getter or setter"));

	@Test
	void theBuildFails() {
		fail("must not start");
	}

	@Path("/api/shipments")
	public interface ShipmentsApi {

		@GET
		@Path("/{id}")
		String find(@PathParam("id") @PublicId Long id);
	}

	public static class Shipments implements ShipmentsApi {

		@Override
		public String find(Long id) {
			return String.valueOf(id);
		}
	}

	@Path("/current")
	public static class Current {

		@GET
		@PublicId
		public Long current() {
			return 912207628317364225L;
		}
	}

	public static class OwnMapper implements ContextResolver<ObjectMapper> {

		@Override
		public ObjectMapper getContext(Class<?> type) {
			return new ObjectMapper();
		}
	}

	public static class Created {

		@PublicId
		public Long id;

		@JsonbCreator
		public Created(@JsonbProperty("id") Long id) {
			this.id = id;
		}
	}

	/** Taken by a REST client's method: its field would go out as the raw id. */
	public static class ClientQuery {

		@QueryParam("id")
		@PublicId
		public Long id;
	}

	/** A client interface (built with QuarkusRestClientBuilder, or with @RegisterRestClient). */
	public interface EchoClient {

		@GET
		@Path("/echo")
		String find(@BeanParam ClientQuery query);
	}

	public static class SetterQuery {

		private Long id;

		@QueryParam("id")
		@PublicId
		public void setId(Long id) {
			this.id = id;
		}

		public Long id() {
			return this.id;
		}
	}
}
