package io.snowflakeid.quarkus.deployment;

import java.io.IOException;

import io.snowflakeid.publicid.PublicId;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A resource sharing its routes with a REST client: {@code @PublicId} on its parameter would have the server take a
 * token and the client, built from any interface of the same hierarchy that declares the method (the
 * {@code @RegisterRestClient} interface, one it extends, one extending it), send the raw id. Refused, from an index as
 * the build reads the application's; so are the bean parameters such a client writes.
 */
class PublicIdRestClientInterfacesTest {

	/** The resource implements the client interface, whose methods carry the routes. */
	@Test
	void aResourceImplementingAClientInterfaceIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(SharedClient.class, SharedResource.class), true, false);
		assertThat(uses.refused).singleElement()
			.asString()
			.startsWith(SharedResource.class.getName() + ".find(parameter 0)")
			.contains(SharedClient.class.getName() + " declares this method too");
	}

	/** The same pair without the client annotation: a resource interface, converted on the server, accepted. */
	@Test
	void theSamePairWithoutTheClientAnnotationIsAccepted() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(SearchApiById.class, SearchByIdResource.class), true, false);
		assertThat(uses.refused).isEmpty();
	}

	/** {@code @RegisterRestClient interface OrderClient extends OrderApi {}}: the usual "shared API + client" split. */
	@Test
	void clientAnnotationOnASubInterfaceOfTheRestInterface() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(OrderApi.class, OrderClient.class, OrderResource.class), true,
				false);
		assertThat(uses.refused).as("OrderClient (a @RegisterRestClient of OrderApi) sends the raw id").isNotEmpty();
	}

	/** The resource implements the annotated client interface itself; the REST annotations are on its parent. */
	@Test
	void resourceImplementsTheAnnotatedSubInterface() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(OrderApi.class, OrderClient.class, ClientImplementingResource.class),
				true, false);
		assertThat(uses.refused).as("the resource implements a @RegisterRestClient interface").isNotEmpty();
	}

	/** The resource repeats the REST annotations on its method (a common style): the client interface is not looked at. */
	@Test
	void resourceRedeclaringTheRouteOfAClientInterface() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(SharedClient.class, RedeclaringResource.class), true, false);
		assertThat(uses.refused).as("SharedClient (@RegisterRestClient) still sends the raw id").isNotEmpty();
	}

	/** The same split for a bean parameter: the client's sub-interface writes Search.customer raw. */
	@Test
	void beanParameterThroughAClientSubInterface() throws IOException {
		PublicIdUses uses = PublicIdUses.of(
				Index.of(Search.class, SearchApi.class, SearchClient.class, SearchResource.class), true, false);
		assertThat(uses.refused).as("SearchClient writes Search.customer without converting it").isNotEmpty();
	}

	/**
	 * A client whose parameter is a String (its callers pass tokens) shares the resource's signature, so the resource's
	 * parameter is a String too: still refused (a caller may pass the decimal id), and the refusal says what works, an
	 * interface of the client's own.
	 */
	@Test
	void aStringParameterSharedWithAClientIsRefusedAdvisingAnInterfaceOfItsOwn() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(TokenClient.class, TokenResource.class), true, false);
		assertThat(uses.refused).singleElement()
			.asString()
			.contains(TokenClient.class.getName() + " declares this method too")
			.contains("give the client an interface of its own, with a String parameter carrying a token");
	}

	/** The client annotation on a super-interface that carries the REST annotations: refused. */
	@Test
	void clientAnnotationOnTheSuperInterfaceWithTheRoutes() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(BaseClient.class, MiddleApi.class, MiddleResource.class), true,
				false);
		assertThat(uses.refused).singleElement().asString().contains(" declares this method too");
	}

	/** An abstract class between the resource and the client interface: refused. */
	@Test
	void anAbstractClassBetweenResourceAndClient() throws IOException {
		PublicIdUses uses = PublicIdUses.of(
				Index.of(SharedClient.class, AbstractShared.class, ConcreteSharedResource.class), true, false);
		assertThat(uses.refused).singleElement().asString().contains(" declares this method too");
	}

	/** A generic client interface: not matched by erasure, so the parameter is refused as a non-REST one. */
	@Test
	void aGenericClientInterface() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(GenericClient.class, GenericResource.class), true, false);
		assertThat(uses.refused).isNotEmpty();
	}

	// ---- fixtures -------------------------------------------------------------------------------------------

	@Path("/orders")
	public interface OrderApi {

		@GET
		@Path("{id}")
		String find(@PathParam("id") Long id);
	}

	@RegisterRestClient(configKey = "orders")
	public interface OrderClient extends OrderApi {
	}

	public static class OrderResource implements OrderApi {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	public static class ClientImplementingResource implements OrderClient {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@RegisterRestClient(configKey = "shared")
	@Path("/shared")
	public interface SharedClient {

		@GET
		@Path("{id}")
		String find(@PathParam("id") Long id);
	}

	public static class SharedResource implements SharedClient {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@Path("/by-id")
	public interface SearchApiById {

		@GET
		@Path("{id}")
		String find(@PathParam("id") Long id);
	}

	public static class SearchByIdResource implements SearchApiById {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@Path("/shared")
	public static class RedeclaringResource implements SharedClient {

		@GET
		@Path("{id}")
		@Override
		public String find(@PathParam("id") @PublicId Long id) {
			return String.valueOf(id);
		}
	}

	public static abstract class AbstractShared implements SharedClient {

		@Override
		public abstract String find(Long id);
	}

	public static class ConcreteSharedResource extends AbstractShared {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	public static class Search {

		@QueryParam("customer")
		@PublicId
		Long customer;
	}

	@Path("/search")
	public interface SearchApi {

		@GET
		String search(@BeanParam Search search);
	}

	@RegisterRestClient(configKey = "search")
	public interface SearchClient extends SearchApi {
	}

	public static class SearchResource implements SearchApi {

		@Override
		public String search(Search search) {
			return String.valueOf(search.customer);
		}
	}

	@RegisterRestClient(configKey = "base")
	@Path("/base")
	public interface BaseClient {

		@GET
		@Path("{id}")
		String find(@PathParam("id") Long id);
	}

	public interface MiddleApi extends BaseClient {
	}

	public static class MiddleResource implements MiddleApi {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@RegisterRestClient(configKey = "tokens")
	@Path("/tokens")
	public interface TokenClient {

		@GET
		@Path("{id}")
		String find(@PathParam("id") String token);
	}

	public static class TokenResource implements TokenClient {

		@Override
		public String find(@PublicId String id) {
			return id;
		}
	}

	@RegisterRestClient(configKey = "generic")
	@Path("/generic")
	public interface GenericClient<I> {

		@GET
		@Path("{id}")
		String find(@PathParam("id") I id);
	}

	public static class GenericResource implements GenericClient<Long> {

		@Override
		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}
}
