package io.snowflakeid.quarkus.deployment;

import java.io.IOException;

import io.snowflakeid.publicid.PublicId;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.jboss.resteasy.reactive.PartType;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @PublicId} on REST parameter fields and setters, read from an index as the build reads the application's:
 * what nothing converts is refused, named (review findings P2 and 7); a server bean parameter's field is left to
 * Quarkus REST, which converts it (PublicIdRestTest).
 */
class PublicIdRestMembersTest {

	@Test
	void aBeanParameterFieldOfAResourceIsAccepted() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Query.class, Resource.class), true, false);
		assertThat(uses.refused).isEmpty();
		assertThat(uses.uses).containsExactly(Query.class.getName() + ".id");
	}

	@Test
	void aFieldWithoutQuarkusRestIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Query.class, Resource.class), false, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(Query.class.getName() + ".id: a REST parameter field without Quarkus REST");
	}

	@Test
	void aBeanParameterOfAClientIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Query.class, Client.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(Query.class.getName() + ".id: a bean parameter of " + Client.class.getName() + ".find()");
	}

	@Test
	void aClientTakingASubclassOfTheBeanParameterIsFoundToo() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Query.class, NarrowQuery.class, SubclassClient.class), true,
				false);
		assertThat(uses.refused).singleElement().asString()
			.contains("a bean parameter of " + SubclassClient.class.getName() + ".find()");
	}

	@Test
	void anAbstractResourceMethodTakingItIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Query.class, AbstractResource.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.contains("a bean parameter of " + AbstractResource.class.getName() + ".find()");
	}

	@Test
	void anotherTypeIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Amount.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(Amount.class.getName() + ".id (java.lang.Integer): a REST parameter field: allowed");
	}

	@Test
	void aSetterIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Setter.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(Setter.class.getName() + ".setId(): a REST parameter on a getter or setter");
	}

	/** The client recurses into {@code @BeanParam} fields (review P2-1). */
	@Test
	void aBeanParameterNestedInAClientsBeanParameterIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Inner.class, Outer.class, NestedClient.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(Inner.class.getName() + ".id: a bean parameter of " + NestedClient.class.getName() + ".find()");
	}

	/** A generic client's bean parameter, its type given by a sub-interface (review P2-6). */
	@Test
	void aBeanParameterOfAGenericClientIsFoundThroughItsSubInterface() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Query.class, CrudClient.class, QueryClient.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(Query.class.getName() + ".id: a bean parameter of " + CrudClient.class.getName() + ".find()");
	}

	/** The REST annotation on the getter, {@code @PublicId} on the field: nothing converts it (review P2-2). */
	@Test
	void aRestAnnotationOnTheGetterOfAPublicIdFieldIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(GetterQuery.class, GetterClient.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(GetterQuery.class.getName() + ".id: its REST annotation is on " + GetterQuery.class.getName()
					+ ".getId()");
	}

	/** A plain service interface taking the bean parameter is no REST client (review P2-3). */
	@Test
	void aServiceInterfaceTakingTheBeanParameterIsNoClient() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Query.class, Resource.class, QueryService.class), true, false);
		assertThat(uses.refused).isEmpty();
	}

	/** A JAX-RS interface a resource class implements: the server converts the fields (review P2-4). */
	@Test
	void aResourceInterfaceWithItsImplementationIsNoClient() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Query.class, SearchApi.class, SearchResource.class), true, false);
		assertThat(uses.refused).isEmpty();
	}

	/** A record bean parameter: its accessor is neither a getter nor a setter to refuse (review P2-5). */
	@Test
	void aRecordBeanParameterIsAccepted() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(RecordQuery.class, RecordResource.class), true, false);
		assertThat(uses.refused).isEmpty();
	}

	/**
	 * What Quarkus REST fills in without the converter that decodes a token (review finding 13): a default value, a
	 * multipart part read by a body reader, an absent primitive parameter (0). Parameters and fields alike.
	 */
	@Test
	void aDefaultValueAJsonPartAndAnAbsentPrimitiveAreRefusedOnParametersAndFields() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Hidden.class, HiddenResource.class), true, false);
		assertThat(uses.refused).hasSize(7)
			.anySatisfy((m) -> assertThat(m).startsWith(HiddenResource.class.getName() + ".byDefault(parameter 0)")
				.contains("a @DefaultValue is decoded as a public id on every request without the parameter"))
			.anySatisfy((m) -> assertThat(m).startsWith(HiddenResource.class.getName() + ".part(parameter 0)")
				.contains("a multipart part of type application/json is read by a body reader"))
			.anySatisfy((m) -> assertThat(m).startsWith(HiddenResource.class.getName() + ".primitive(parameter 0)")
				.contains("(long): an absent parameter would reach the method as 0"))
			.anySatisfy((m) -> assertThat(m).startsWith(Hidden.class.getName() + ".byDefault: a @DefaultValue"))
			.anySatisfy((m) -> assertThat(m).startsWith(Hidden.class.getName() + ".part: a multipart part of type"))
			.anySatisfy((m) -> assertThat(m).startsWith(Hidden.class.getName() + ".primitive (long): an absent"))
			.anySatisfy((m) -> assertThat(m).startsWith(Hidden.class.getName() + ".textWithCharset: a multipart part"
					+ " of type text/plain; charset=UTF-8 is read by a body reader"));
	}

	/** The same shapes where the converter does run: a path's {@code long}, a text part, a plain query {@code Long}. */
	@Test
	void aPathLongATextPartAndALongQueryAreAccepted() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Plain.class, PlainResource.class), true, false);
		assertThat(uses.refused).isEmpty();
		assertThat(uses.uses).hasSize(6);
	}

	public static class Hidden {

		@QueryParam("a")
		@DefaultValue("1")
		@PublicId
		public Long byDefault;

		@RestForm
		@PartType("application/json")
		@PublicId
		public Long part;

		@QueryParam("c")
		@PublicId
		public long primitive;

		@RestForm
		@PartType("text/plain; charset=UTF-8")
		@PublicId
		public Long textWithCharset;
	}

	@Path("/hidden")
	public static class HiddenResource {

		@GET
		public String byDefault(@QueryParam("a") @DefaultValue("1") @PublicId Long id) {
			return String.valueOf(id);
		}

		@POST
		public String part(@RestForm @PartType("application/json") @PublicId Long id) {
			return String.valueOf(id);
		}

		@GET
		@Path("/primitive")
		public String primitive(@QueryParam("c") @PublicId long id) {
			return String.valueOf(id);
		}

		@GET
		@Path("/bean")
		public String bean(@BeanParam Hidden hidden) {
			return String.valueOf(hidden.byDefault);
		}
	}

	public static class Plain {

		@PathParam("id")
		@PublicId
		public long id;

		@RestForm
		@PartType("text/plain")
		@PublicId
		public Long part;

		@QueryParam("q")
		@PublicId
		public Long query;
	}

	@Path("/plain/{id}")
	public static class PlainResource {

		@GET
		public String path(@PathParam("id") @PublicId long id) {
			return String.valueOf(id);
		}

		@POST
		public String part(@RestForm @PartType("text/plain") @PublicId Long id) {
			return String.valueOf(id);
		}

		@GET
		@Path("/q")
		public String query(@QueryParam("q") @PublicId Long id) {
			return String.valueOf(id);
		}

		@GET
		@Path("/bean")
		public String bean(@BeanParam Plain plain) {
			return String.valueOf(plain.id);
		}
	}

	public static class Query {

		@QueryParam("id")
		@PublicId
		public Long id;
	}

	public static class NarrowQuery extends Query {
	}

	public static class Resource {

		@GET
		public String find(@BeanParam Query query) {
			return String.valueOf(query.id);
		}
	}

	public interface Client {

		@GET
		String find(@BeanParam Query query);
	}

	public interface SubclassClient {

		@GET
		String find(@BeanParam NarrowQuery query);
	}

	public abstract static class AbstractResource {

		@GET
		public abstract String find(@BeanParam Query query);
	}

	public static class Amount {

		@QueryParam("id")
		@PublicId
		public Integer id;
	}

	public static class Setter {

		@QueryParam("id")
		@PublicId
		public void setId(Long id) {
		}
	}

	public interface CrudClient<Q> {

		@GET
		String find(@BeanParam Q query);
	}

	public interface QueryClient extends CrudClient<Query> {
	}

	public interface QueryService {

		String search(Query query);
	}

	@Path("/search")
	public interface SearchApi {

		@GET
		String find(@BeanParam Query query);
	}

	public static class SearchResource implements SearchApi {

		@Override
		public String find(Query query) {
			return String.valueOf(query.id);
		}
	}

	public static class Inner {

		@QueryParam("id")
		@PublicId
		public Long id;
	}

	public static class Outer {

		@BeanParam
		public Inner inner;
	}

	public interface NestedClient {

		@GET
		String find(@BeanParam Outer outer);
	}

	public static class GetterQuery {

		@PublicId
		private Long id;

		@QueryParam("id")
		public Long getId() {
			return this.id;
		}
	}

	public interface GetterClient {

		@GET
		String find(@BeanParam GetterQuery query);
	}

	public record RecordQuery(@QueryParam("id") @PublicId Long id) {
	}

	public static class RecordResource {

		@GET
		public String find(@BeanParam RecordQuery query) {
			return String.valueOf(query.id());
		}
	}
}
