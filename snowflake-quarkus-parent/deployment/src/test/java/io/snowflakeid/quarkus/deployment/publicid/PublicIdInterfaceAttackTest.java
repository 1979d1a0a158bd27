package io.snowflakeid.quarkus.deployment.publicid;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;

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
import jakarta.ws.rs.core.MediaType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review attack on PublicIdUses.inheritedRestDeclaration (5a5de20): the build now accepts {@code @PublicId} on a
 * resource method's parameter whose REST annotation is on the method it overrides or implements. Each test asserts
 * the SAFE behaviour, so a failing test is a finding; "holds" marks those that passed when written. The
 * "FINDING" tests failed against 5a5de20 and pass since the fix (helper-54's review).
 * <p>
 * The app (served) holds the runtime attacks; the build-decision attacks run PublicIdUses on an index of classes that
 * are not in the app (through the system class loader, where the deployment module is).
 */
class PublicIdInterfaceAttackTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.withKey("public-id-interface-attack", ConcreteBase.class,
			ConcreteResource.class, ProducesApi.class, ProducesResource.class, DefaultApi.class, DefaultResource.class,
			LocatorApi.class, LocatorResource.class, Located.class);

	@TestHTTPResource("/")
	URI root;

	@Inject
	PublicIdCodec codec;

	@Inject
	SnowflakeIdGenerator generator;

	// ---------------------------------------------------------------- runtime: is a raw id taken?

	/**
	 * holds (400 for the raw id, token decoded): concrete (not abstract) superclass method with the REST annotations, overridden with @PublicId: the build
	 * accepts it (inheritedRestDeclaration does not look at abstractness); a raw id must be refused.
	 */
	@Test
	void concreteSuperclassMethodRefusesARawId() throws Exception {
		assertRawRefusedTokenTaken("attack/concrete/");
	}

	/**
	 * holds: the implementing method carries a JAX-RS annotation of its own (@Produces): by the JAX-RS rule the interface's
	 * annotations are then ignored; a raw id must still be refused.
	 */
	@Test
	void implementationWithItsOwnJaxRsAnnotationRefusesARawId() throws Exception {
		assertRawRefusedTokenTaken("attack/produces/");
	}

	/** holds: a default interface method carrying the REST annotations and a body, overridden with @PublicId. */
	@Test
	void overriddenDefaultMethodRefusesARawId() throws Exception {
		assertRawRefusedTokenTaken("attack/default/");
	}

	/** holds: a sub-resource locator declared on the interface, implemented with @PublicId. */
	@Test
	void subResourceLocatorRefusesARawId() throws Exception {
		long id = this.generator.nextId();
		HttpResponse<String> raw = PublicIdApps.get(this.root, "attack/locator/" + id + "/show");
		assertThat(raw.statusCode()).as("took the raw id: " + raw.body()).isEqualTo(400);
		HttpResponse<String> token = PublicIdApps.get(this.root, "attack/locator/" + this.codec.encode(id) + "/show");
		assertThat(token.statusCode()).as(token.body()).isEqualTo(200);
		assertThat(token.body()).isEqualTo(Long.toString(id));
	}

	private void assertRawRefusedTokenTaken(String path) throws Exception {
		long id = this.generator.nextId();
		HttpResponse<String> raw = PublicIdApps.get(this.root, path + id);
		assertThat(raw.statusCode()).as(path + " took the raw id: " + raw.body()).isEqualTo(400);
		HttpResponse<String> token = PublicIdApps.get(this.root, path + this.codec.encode(id));
		assertThat(token.statusCode()).as(path + ": " + token.body()).isEqualTo(200);
		assertThat(token.body()).isEqualTo(Long.toString(id));
	}

	public abstract static class ConcreteBase {

		@GET
		@Path("/{id}")
		@Produces(MediaType.TEXT_PLAIN)
		public String find(@PathParam("id") Long id) {
			return "base:" + id;
		}
	}

	@Path("/attack/concrete")
	public static class ConcreteResource extends ConcreteBase {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@Path("/attack/produces")
	public interface ProducesApi {

		@GET
		@Path("/{id}")
		String find(@PathParam("id") Long id);
	}

	public static class ProducesResource implements ProducesApi {

		@Override
		@Produces(MediaType.TEXT_PLAIN)
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@Path("/attack/default")
	public interface DefaultApi {

		@GET
		@Path("/{id}")
		@Produces(MediaType.TEXT_PLAIN)
		default String find(@PathParam("id") Long id) {
			return "default:" + id;
		}
	}

	public static class DefaultResource implements DefaultApi {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@Path("/attack/locator")
	public interface LocatorApi {

		@Path("/{id}")
		Located locate(@PathParam("id") Long id);
	}

	public static class LocatorResource implements LocatorApi {

		@Override
		public Located locate(@PublicId Long id) {
			return new Located(id);
		}
	}

	public static class Located {

		private final Long id;

		public Located(Long id) {
			this.id = id;
		}

		@GET
		@Path("/show")
		@Produces(MediaType.TEXT_PLAIN)
		public String show() {
			return String.valueOf(this.id);
		}
	}

	// ---------------------------------------------------------------- build decisions (not in the app)

	/**
	 * FINDING (false refusal): the interface declares a primitive {@code long} @PathParam (a path parameter is never
	 * absent), the resource class's parameter is {@code @PublicId long}: restShape is asked about the implementing
	 * parameter first, which has no @PathParam, so the build refuses it as "an absent parameter would reach the method
	 * as 0", and never consults the declaration.
	 */
	@Test
	void aPrimitivePathParameterDeclaredOnTheInterfaceIsAccepted() throws Exception {
		assertThat(refused("AttackBPrimitiveApi", "AttackBPrimitiveResource")).isEmpty();
	}

	/**
	 * A generic API interface ({@code CrudApi<ID>}) implemented with {@code @PublicId Long}: the erased signatures
	 * differ, the declaration is not found, and the build refuses the parameter (fail closed). Review finding 10:
	 * kept as a documented limit (docs/quarkus.md), not verified at run time.
	 */
	@Test
	void aGenericInterfaceParameterIsRefusedAsDocumented() throws Exception {
		assertThat(refused("AttackBGenericApi", "AttackBGenericResource")).isNotEmpty();
	}

	/**
	 * FINDING (fail-open at build): a class that implements a REST-annotated interface but is no resource (no @Path on
	 * it or the interface: a REST client interface and a fake/decorator of it) gets its @PublicId parameter accepted,
	 * though nothing converts it. Before 5a5de20 this was refused ("only Quarkus REST parameters ...").
	 */
	@Test
	void aNonResourceImplementationOfAClientInterfaceIsRefused() throws Exception {
		assertThat(refused("AttackBEchoClient", "AttackBEchoClientFake")).as("accepted though nothing converts it")
			.anyMatch((message) -> message.contains(PKG + "AttackBEchoClientFake"));
	}

	/** holds: an override in a subclass of the resource without @PublicId is refused. */
	@Test
	void aSubclassOverrideWithoutPublicIdIsRefused() throws Exception {
		assertThat(refused("AttackBShipmentsApi", "AttackBShipmentsResource", "AttackBShipmentsSubResource"))
			.anyMatch((message) -> message.contains("overridden by"));
	}

	/** holds: a @DefaultValue on the interface's declaration is refused. */
	@Test
	void aDefaultValueOnTheInterfaceIsRefused() throws Exception {
		assertThat(refused("AttackBDefaultValueApi", "AttackBDefaultValueResource"))
			.anyMatch((message) -> message.contains("@DefaultValue"));
	}

	/**
	 * Second review of session 41 (helper-55): the implementation re-declares the route ({@code @PUT @Path}) with an
	 * unannotated {@code @PublicId} parameter: Quarkus REST takes the implementation's own method, where that parameter
	 * is the body (a raw number read by a body reader); the interface's {@code @PathParam} must not be inherited.
	 */
	@Test
	void anImplementationThatRedeclaresTheRouteIsNotGivenTheInterfacesParameter() throws Exception {
		assertThat(refused("AttackBRedeclaredApi", "AttackBRedeclaredResource"))
			.anyMatch((message) -> message.contains(PKG + "AttackBRedeclaredResource.touch(parameter 0)"));
	}

	private static final String PKG = "io.snowflakeid.quarkus.deployment.publicid.";

	@SuppressWarnings("unchecked")
	private static List<String> refused(String... names) throws Exception {
		// the classes are not in the app: the system class loader (the test class path) has them
		ClassLoader system = ClassLoader.getSystemClassLoader();
		Class<?>[] classes = new Class<?>[names.length];
		for (int i = 0; i < names.length; i++) {
			classes[i] = Class.forName(PKG + names[i], false, system);
		}
		Class<?> index = Class.forName("org.jboss.jandex.Index", true, system);
		Class<?> indexView = Class.forName("org.jboss.jandex.IndexView", true, system);
		Object built = index.getMethod("of", Class[].class).invoke(null, (Object) classes);
		Class<?> uses = Class.forName("io.snowflakeid.quarkus.deployment.PublicIdUses", true, system);
		Method of = uses.getDeclaredMethod("of", indexView, boolean.class, boolean.class);
		of.setAccessible(true);
		Object found = of.invoke(null, built, true, false);
		Field refused = uses.getDeclaredField("refused");
		refused.setAccessible(true);
		return List.copyOf((List<String>) refused.get(found));
	}
}

// Build-decision attacks: top-level (not nested) so that QuarkusUnitTest does not put them in the app's index.

@Path("/b/primitive")
interface AttackBPrimitiveApi {

	@GET
	@Path("/{id}")
	String find(@PathParam("id") long id);
}

class AttackBPrimitiveResource implements AttackBPrimitiveApi {

	@Override
	public String find(@PublicId long id) {
		return String.valueOf(id);
	}
}

@Path("/b/generic")
interface AttackBGenericApi<ID> {

	@GET
	@Path("/{id}")
	String find(@PathParam("id") ID id);
}

class AttackBGenericResource implements AttackBGenericApi<Long> {

	@Override
	public String find(@PublicId Long id) {
		return String.valueOf(id);
	}
}

interface AttackBEchoClient {

	@GET
	@Path("/echo/{id}")
	String find(@PathParam("id") Long id);
}

class AttackBEchoClientFake implements AttackBEchoClient {

	@Override
	public String find(@PublicId Long id) {
		return "fake";
	}
}

@Path("/b/shipments")
interface AttackBShipmentsApi {

	@GET
	@Path("/{id}")
	String find(@PathParam("id") Long id);
}

class AttackBShipmentsResource implements AttackBShipmentsApi {

	@Override
	public String find(@PublicId Long id) {
		return String.valueOf(id);
	}
}

class AttackBShipmentsSubResource extends AttackBShipmentsResource {

	@Override
	public String find(Long id) {
		return "sub";
	}
}

@Path("/b/defaults")
interface AttackBDefaultValueApi {

	@GET
	String find(@jakarta.ws.rs.QueryParam("id") @jakarta.ws.rs.DefaultValue("42") Long id);
}

class AttackBDefaultValueResource implements AttackBDefaultValueApi {

	@Override
	public String find(@PublicId Long id) {
		return String.valueOf(id);
	}
}

@Path("/b/redeclared")
interface AttackBRedeclaredApi {

	@jakarta.ws.rs.PUT
	@Path("/{id}")
	String touch(@PathParam("id") Long id);
}

class AttackBRedeclaredResource implements AttackBRedeclaredApi {

	@Override
	@jakarta.ws.rs.PUT
	@Path("/{id}")
	public String touch(@PublicId Long id) {
		return String.valueOf(id);
	}
}
