package io.snowflakeid.quarkus.deployment.publicid;

import java.net.URI;
import java.net.http.HttpResponse;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The REST annotations on an interface (an API module shared with clients, an OpenAPI-generated interface) or on a
 * superclass method, {@code @PublicId} on the implementing method's parameter: Quarkus REST routes by the declaration
 * and converts with the implementation's parameter annotations, so the token is decoded and a raw id refused. The
 * build accepted only the opposite placement, which Quarkus REST does not convert (review finding 12; the build
 * refuses that one).
 */
class PublicIdInterfaceResourceTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.withKey("public-id-interface", ShipmentApi.class,
			ShipmentResource.class, LookupBase.class, LookupResource.class);

	@TestHTTPResource("/")
	URI root;

	@Inject
	PublicIdCodec codec;

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void aTokenIsDecodedWhereTheInterfaceDeclaresTheParameter() throws Exception {
		long id = this.generator.nextId();
		for (String path : new String[] { "api/shipments/" + this.codec.encode(id),
				"api/shipments?ref=" + this.codec.encode(id), "api/lookups/" + this.codec.encode(id) }) {
			HttpResponse<String> response = PublicIdApps.get(this.root, path);
			assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
			assertThat(response.body()).as(path).isEqualTo(Long.toString(id));
		}
	}

	@Test
	void aRawIdIsRefused() throws Exception {
		long id = this.generator.nextId();
		for (String path : new String[] { "api/shipments/" + id, "api/shipments?ref=" + id, "api/lookups/" + id }) {
			HttpResponse<String> response = PublicIdApps.get(this.root, path);
			assertThat(response.statusCode()).as(path + " took the raw id: " + response.body()).isEqualTo(400);
			assertThat(response.body()).as(path).doesNotContain(Long.toString(id));
		}
	}

	@Path("/api/shipments")
	public interface ShipmentApi {

		@GET
		@Path("/{id}")
		@Produces(MediaType.TEXT_PLAIN)
		String find(@PathParam("id") Long id);

		@GET
		@Produces(MediaType.TEXT_PLAIN)
		String byReference(@QueryParam("ref") Long reference);
	}

	public static class ShipmentResource implements ShipmentApi {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}

		@Override
		public String byReference(@PublicId Long reference) {
			return String.valueOf(reference);
		}
	}

	public abstract static class LookupBase {

		@GET
		@Path("/{id}")
		@Produces(MediaType.TEXT_PLAIN)
		public abstract String find(@PathParam("id") Long id);
	}

	@Path("/api/lookups")
	public static class LookupResource extends LookupBase {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}
}
