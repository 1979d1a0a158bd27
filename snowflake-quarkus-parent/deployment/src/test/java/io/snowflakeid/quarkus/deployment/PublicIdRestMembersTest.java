package io.snowflakeid.quarkus.deployment;

import java.io.IOException;

import io.snowflakeid.publicid.PublicId;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.QueryParam;
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
			.startsWith(Setter.class.getName() + ".setId(): a REST parameter on a method (a setter)");
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
}
