package io.snowflakeid.quarkus.deployment;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletionStage;

import io.snowflakeid.publicid.PublicId;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Query;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SmallRye GraphQL reads and writes properties itself, past this extension's Jackson and JSON-B serializers: a
 * {@code @PublicId} member of a type a {@code @GraphQLApi} reaches fails the build, named, with the operation that
 * reaches it; the same type outside GraphQL is left to REST (read from an index as the build reads the application's).
 */
class PublicIdGraphQlTypesTest {

	@Test
	void aPublicIdPropertyOfATypeAnApiReturnsIsRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Order.class, OrderApi.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(Order.class.getName() + ".id: reachable from the GraphQL API (" + OrderApi.class.getName()
					+ ".order())")
			.contains("the raw id would go out");
	}

	@Test
	void typesReachedThroughListsFuturesArraysFieldsGettersAndSuperclassesAreFollowed() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Order.class, Line.class, Product.class, Base.class, Derived.class,
				Page.class, DeepApi.class), true, false);
		assertThat(uses.refused).hasSize(4)
			.anyMatch((refusal) -> refusal.startsWith(Order.class.getName() + ".id: reachable"))
			.anyMatch((refusal) -> refusal.startsWith(Product.class.getName() + ".getSku(): reachable"))
			.anyMatch((refusal) -> refusal.startsWith(Base.class.getName() + ".id: reachable"))
			.anyMatch((refusal) -> refusal.startsWith(Line.class.getName() + ".order: reachable"));
	}

	/** A served type's base class is walked for its members; the base class's other subclasses are not served. */
	@Test
	void otherSubclassesOfAServedTypesBaseClassAreNotRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Base.class, Derived.class, Sibling.class, Line.class, Product.class,
				SiblingApi.class), true, false);
		assertThat(uses.refused).noneMatch((refusal) -> refusal.startsWith(Sibling.class.getName()));
		assertThat(uses.refused).anyMatch((refusal) -> refusal.startsWith(Base.class.getName() + ".id: reachable"));
	}

	@Test
	void theSameTypeWithoutAGraphQlApiIsNotRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Order.class, Line.class, Product.class), true, false);
		assertThat(uses.refused).isEmpty();
	}

	@Test
	void anApiThatReachesNoPublicIdIsNotRefused() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Order.class, Plain.class, PlainApi.class), true, false);
		assertThat(uses.refused).isEmpty();
	}

	@Test
	void aPublicIdParameterOfAnApiMethodIsRefusedAsAnyNonRestParameter() throws IOException {
		PublicIdUses uses = PublicIdUses.of(Index.of(Plain.class, ArgumentApi.class), true, false);
		assertThat(uses.refused).singleElement().asString()
			.startsWith(ArgumentApi.class.getName() + ".plain(parameter 0): only Quarkus REST parameters");
	}

	static class Order {

		@PublicId
		public Long id;

		public String status;
	}

	static class Line {

		@PublicId
		public Long order;

		public Product product;
	}

	static class Product {

		private Long sku;

		@PublicId
		public Long getSku() {
			return this.sku;
		}
	}

	static class Base {

		@PublicId
		public Long id;
	}

	static class Derived extends Base {

		public Line[] lines;
	}

	static class Sibling extends Base {

		@PublicId
		public Long other;
	}

	@GraphQLApi
	static class SiblingApi {

		@Query
		public Derived derived() {
			return null;
		}
	}

	static class Page<T> {

		public List<T> items;
	}

	static class Plain {

		public Long id;
	}

	@GraphQLApi
	static class OrderApi {

		@Query
		public Order order() {
			return new Order();
		}
	}

	@GraphQLApi
	static class DeepApi {

		@Query
		public CompletionStage<List<Order>> orders() {
			return null;
		}

		@Query
		public Page<Derived> page() {
			return null;
		}
	}

	@GraphQLApi
	static class PlainApi {

		@Query
		public Plain plain() {
			return new Plain();
		}
	}

	@GraphQLApi
	static class ArgumentApi {

		@Query
		public Plain plain(@PublicId Long id) {
			return new Plain();
		}
	}
}
