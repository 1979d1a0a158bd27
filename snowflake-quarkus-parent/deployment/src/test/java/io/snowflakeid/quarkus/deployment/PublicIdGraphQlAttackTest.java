package io.snowflakeid.quarkus.deployment;

import java.io.IOException;
import java.util.List;

import io.snowflakeid.publicid.PublicId;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Query;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Attacks on the build-time refusal of {@code @PublicId} members SmallRye GraphQL reaches ({@code PublicIdUses.graphQl}):
 * by a review helper (helper-51, 2026-12-06), each a {@code @PublicId} member SmallRye GraphQL would send raw that
 * the first version of the walk did not reach (the build passed); refused since.
 */
class PublicIdGraphQlAttackTest {

	/**
	 * An operation returns an interface; SmallRye GraphQL puts the interface's implementations of the index into the
	 * schema ({@code ... on Order { id }}), the walk follows the declared type and its superclasses only.
	 */
	@Test
	void anImplementationOfAnInterfaceAnApiReturnsIsNotReached() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Node.class, Order.class, NodeApi.class), true, false);
		assertThat(uses.refused).anyMatch((refusal) -> refusal.startsWith(Order.class.getName() + ".id: reachable"));
	}

	/**
	 * {@code OrderPage extends Page<Order>}: SmallRye GraphQL resolves {@code T} through the subclass
	 * ({@code items: [Order]}); the walk reaches {@code Page}'s {@code List<T>} and drops the type variable.
	 */
	@Test
	void aTypeVariableGivenBySubclassIsNotFollowed() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Order.class, Page.class, OrderPage.class, PageApi.class), true, false);
		assertThat(uses.refused).anyMatch((refusal) -> refusal.startsWith(Order.class.getName() + ".id: reachable"));
	}

	/** Operations a {@code @GraphQLApi} inherits from its superclass (SmallRye GraphQL serves them) are not walked. */
	@Test
	void operationsInheritedFromAnApiSuperclassAreNotWalked() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Order.class, BaseApi.class, InheritingApi.class), true, false);
		assertThat(uses.refused).anyMatch((refusal) -> refusal.startsWith(Order.class.getName() + ".id: reachable"));
	}

	/**
	 * {@code @PublicId} on an operation (or a {@code @Source} field method) of the API: its value is sent as it is,
	 * yet neither the endpoint rule (REST and routes only) nor the GraphQL walk (members of reached types) refuses it.
	 */
	@Test
	void aPublicIdOnAnApiOperationIsNotRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(IdApi.class), true, false);
		assertThat(uses.refused).anyMatch((refusal) -> refusal.contains("orderId"));
	}

	/**
	 * The {@code @PublicId} getter is declared on an interface the returned class implements (Jackson merges it into
	 * the class's getter and writes the token); SmallRye GraphQL reads the class's getter, raw. Interfaces of reached
	 * types are not walked.
	 */
	@Test
	void aPublicIdGetterOnAnInterfaceOfAReachedTypeIsNotRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(HasId.class, Customer.class, CustomerApi.class), true, false);
		assertThat(uses.refused).anyMatch((refusal) -> refusal.startsWith(HasId.class.getName() + ".getId(): reachable"));
	}

	public interface Node {

		String getStatus();
	}

	static class Order implements Node {

		@PublicId
		public Long id;

		public String status;

		@Override
		public String getStatus() {
			return this.status;
		}
	}

	@GraphQLApi
	static class NodeApi {

		@Query
		public Node node() {
			return new Order();
		}
	}

	static class Page<T> {

		public List<T> items;
	}

	static class OrderPage extends Page<Order> {
	}

	@GraphQLApi
	static class PageApi {

		@Query
		public OrderPage page() {
			return new OrderPage();
		}
	}

	abstract static class BaseApi {

		@Query
		public Order order() {
			return new Order();
		}
	}

	@GraphQLApi
	static class InheritingApi extends BaseApi {
	}

	@GraphQLApi
	static class IdApi {

		@Query
		@PublicId
		public Long orderId() {
			return 912207628317364225L;
		}
	}

	public interface HasId {

		@PublicId
		Long getId();
	}

	static class Customer implements HasId {

		private Long id;

		@Override
		public Long getId() {
			return this.id;
		}
	}

	@GraphQLApi
	static class CustomerApi {

		@Query
		public Customer customer() {
			return new Customer();
		}
	}
}
