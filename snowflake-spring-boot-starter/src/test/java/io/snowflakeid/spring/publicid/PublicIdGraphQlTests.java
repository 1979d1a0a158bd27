package io.snowflakeid.spring.publicid;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import graphql.ExecutionResult;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.stereotype.Controller;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Spring for GraphQL, through Spring Boot's own GraphQL auto-configuration (Boot 4's module, 3.5's in
 * spring-boot-autoconfigure): GraphQL reads properties itself, not through Jackson, so {@code @PublicId} fields need
 * the starter's instrumentation to go out as tokens; and it binds arguments itself, where {@code @PublicId} is
 * refused at start.
 */
class PublicIdGraphQlTests {

	static final long ID = 912207628317364225L;

	static final long CUSTOMER = 912207628317364226L;

	static final long NUMBER = 912207628317364227L;

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class,
				bootGraphQlAutoConfiguration()))
		.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4",
				"spring.graphql.schema.locations=classpath:graphql-publicid/")
		.withUserConfiguration(OrderController.class);

	private final ApplicationContextRunner withKey = this.contextRunner
		.withPropertyValues("snowflake.public-id.keys.1=" + PublicIdTestKeys.KEY_32);

	static Class<?> bootGraphQlAutoConfiguration() {
		for (String name : List.of("org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration",
				"org.springframework.boot.autoconfigure.graphql.GraphQlAutoConfiguration")) {
			if (ClassUtils.isPresent(name, null)) {
				return ClassUtils.resolveClassName(name, null);
			}
		}
		throw new IllegalStateException("No Spring Boot GraphQL auto-configuration on the class path");
	}

	@Test
	void publicIdFieldsAreSentAsTokensAndOtherIdsAsTheyAre() {
		this.withKey.run((context) -> {
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			ExecutionResult result = execute(context, "{ order(number: 1) { id status number related } }");
			assertThat(result.getErrors()).isEmpty();
			Map<String, Object> order = field(result, "order");
			assertThat(order).containsEntry("id", codec.encode(ID))
				.containsEntry("status", "PAID")
				.containsEntry("number", Long.toString(NUMBER)) // not @PublicId: the id as GraphQL's ID
				.containsEntry("related", List.of(codec.encode(ID + 10), codec.encode(ID + 11)));
			assertThat(result.toSpecification().toString()).doesNotContain(Long.toString(ID));
		});
	}

	@Test
	void aFieldAControllerMapsIsSentAsTheTokenOfTheDomainOnTheSourcesGetter() {
		this.withKey.run((context) -> {
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			ExecutionResult result = execute(context, "{ order(number: 1) { customerId } }");
			assertThat(result.getErrors()).isEmpty();
			assertThat(field(result, "order")).containsEntry("customerId", codec.forDomain("customer").encode(CUSTOMER));
		});
	}

	@Test
	void listsAndAsynchronousResultsCarryTokensToo() {
		this.withKey.run((context) -> {
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			ExecutionResult result = execute(context, "{ orders { id } laterOrder { id } }");
			assertThat(result.getErrors()).isEmpty();
			Map<String, Object> data = result.getData();
			assertThat(data.get("orders")).isEqualTo(List.of(Map.of("id", codec.encode(ID)), Map.of("id", codec.encode(ID + 1))));
			assertThat(data.get("laterOrder")).isEqualTo(Map.of("id", codec.encode(ID + 2)));
		});
	}

	@Test
	void withoutAKeyThePublicIdFieldFailsAndTheRawIdIsNotSent() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(PublicIdCodec.class);
			ExecutionResult result = execute(context, "{ order(number: 1) { id status } orders { status } }");
			assertThat(result.getErrors()).isNotEmpty();
			assertThat(result.toSpecification().toString()).doesNotContain(Long.toString(ID));
			assertThat(((Map<String, Object>) result.getData()).get("order")).isNull(); // id is ID!: the order is null
			assertThat(result.getData().toString()).contains("PAID"); // fields without @PublicId unaffected
		});
	}

	@Test
	void aPublicIdFieldDeclaredAsANumberInTheSchemaIsAnErrorNotTheRawId() {
		this.withKey.run((context) -> {
			ExecutionResult result = execute(context, "{ order(number: 1) { numericId } }");
			assertThat(result.getErrors()).isNotEmpty();
			assertThat(result.toSpecification().toString()).doesNotContain(Long.toString(ID));
		});
	}

	@Test
	void aPublicIdArgumentFailsTheStartNamingTheMethodAndWhatToWriteInstead() {
		this.withKey.withUserConfiguration(PublicIdArgumentController.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasMessageContaining("Parameter 'id'")
				.hasMessageContaining("orderById")
				.hasMessageContaining("would take the raw id")
				.hasMessageContaining("@Argument String id");
		});
	}

	@Test
	void anArgumentObjectWithAPublicIdPropertyFailsTheStart() {
		this.withKey.withUserConfiguration(PublicIdInputController.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasMessageContaining("Parameter 'input'")
				.hasMessageContaining("OrderInput.customerId");
		});
	}

	@Test
	void anArgumentListOfObjectsWithAPublicIdPropertyFailsTheStart() {
		this.withKey.withUserConfiguration(PublicIdInputListController.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining("OrderInput.customerId");
		});
	}

	@Test
	void publicIdOnAControllerMethodFailsTheStart() {
		this.withKey.withUserConfiguration(PublicIdReturnController.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasMessageContaining("@PublicId on GraphQL controller method")
				.hasMessageContaining("orderId");
		});
	}

	@Test
	void withoutAKeyArgumentsAreRefusedAllTheSame() {
		this.contextRunner.withUserConfiguration(PublicIdArgumentController.class)
			.run((context) -> assertThat(context).hasFailed());
	}

	/** Federation's entity fetchers bind their representation's fields as arguments, the same way. */
	@Test
	void aPublicIdArgumentOfAFederationEntityMappingIsRefusedToo() {
		assertThatThrownBy(() -> PublicIdGraphQlControllersCheck.check(EntityController.class))
			.hasMessageContaining("Parameter 'id'").hasMessageContaining("order(java.lang.Long)");
		PublicIdGraphQlControllersCheck.check(OrderController.class); // nothing refused there
	}

	@Test
	void aGraphQlRepositoryOfAnEntityWithAPublicIdFailsTheStart() {
		this.withKey.withUserConfiguration(RepositoryConfiguration.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining("'orderRepository' is a @GraphQlRepository")
				.hasMessageContaining("Order.id");
		});
	}

	/**
	 * {@code @GraphQlTest} slices get the public-id configuration too (Boot 3.5's slice annotation and Boot 4's):
	 * a slice test must see tokens and the start checks as the application does (review helper-52). Where the
	 * line's slice annotation is on the class path, Boot's own loader finds it.
	 */
	@Test
	void graphQlTestSlicesImportThePublicIdConfiguration() throws Exception {
		for (String slice : List.of("org.springframework.boot.test.autoconfigure.graphql.AutoConfigureGraphQl",
				"org.springframework.boot.graphql.test.autoconfigure.AutoConfigureGraphQl")) {
			try (java.io.InputStream in = getClass().getResourceAsStream("/META-INF/spring/" + slice + ".imports")) {
				assertThat(in).as(slice).isNotNull();
				assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8))
					.contains(SnowflakePublicIdAutoConfiguration.class.getName());
			}
			if (ClassUtils.isPresent(slice, null)) {
				assertThat(org.springframework.boot.context.annotation.ImportCandidates
					.load(ClassUtils.resolveClassName(slice, null), null)
					.getCandidates()).contains(SnowflakePublicIdAutoConfiguration.class.getName());
			}
		}
	}

	private static ExecutionResult execute(AssertableApplicationContext context, String query) {
		assertThat(context).hasNotFailed();
		return context.getBean(GraphQlSource.class).graphQl().execute(query);
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> field(ExecutionResult result, String name) {
		return (Map<String, Object>) ((Map<String, Object>) result.getData()).get(name);
	}

	static final class Order {

		@PublicId
		private final Long id;

		private final String status;

		private final Long number = NUMBER;

		@PublicId
		private final List<Long> related;

		private final Long customer = CUSTOMER;

		@PublicId
		private final Long numericId;

		Order(long id) {
			this.id = id;
			this.status = "PAID";
			this.related = List.of(id + 10, id + 11);
			this.numericId = id;
		}

		public Long getId() {
			return this.id;
		}

		public String getStatus() {
			return this.status;
		}

		public Long getNumber() {
			return this.number;
		}

		public List<Long> getRelated() {
			return this.related;
		}

		@PublicId("customer")
		public Long getCustomerId() {
			return this.customer;
		}

		public Long getNumericId() {
			return this.numericId;
		}
	}

	record OrderInput(String status, @PublicId("customer") Long customerId) {
	}

	@Controller
	static class OrderController {

		@QueryMapping
		Order order(@Argument Integer number) {
			return new Order(ID);
		}

		@QueryMapping
		List<Order> orders() {
			return List.of(new Order(ID), new Order(ID + 1));
		}

		@QueryMapping
		CompletableFuture<Order> laterOrder() {
			return CompletableFuture.supplyAsync(() -> new Order(ID + 2));
		}

		/** A field a controller computes: sent as the token of the source's {@code @PublicId} getter. */
		@SchemaMapping(typeName = "Order")
		Long customerId(Order order) {
			return order.getCustomerId();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class PublicIdArgumentController {

		@Bean
		ByIdController byIdController() {
			return new ByIdController();
		}
	}

	@Controller
	static class ByIdController {

		@QueryMapping
		Order orderById(@Argument @PublicId Long id) {
			return new Order(id);
		}
	}

	@Controller
	static class EntityController {

		@org.springframework.graphql.data.federation.EntityMapping
		Order order(@Argument @PublicId Long id) {
			return new Order(id);
		}

		/** A Spring MVC handler of the same controller: not GraphQL's, not refused here. */
		@org.springframework.web.bind.annotation.GetMapping("/orders/{id}")
		Order mvc(@org.springframework.web.bind.annotation.PathVariable @PublicId Long id) {
			return new Order(id);
		}
	}

	@org.springframework.graphql.data.GraphQlRepository
	interface OrderRepository extends org.springframework.data.repository.Repository<Order, Long> {

	}

	@Configuration(proxyBeanMethods = false)
	static class RepositoryConfiguration {

		/** Spring Data would make it a proxy; the check reads only the interfaces' type arguments. */
		@Bean
		OrderRepository orderRepository() {
			return new OrderRepository() {
			};
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class PublicIdInputController {

		@Bean
		InputController inputController() {
			return new InputController();
		}
	}

	@Controller
	static class InputController {

		@QueryMapping
		Order place(@Argument OrderInput input) {
			return new Order(ID);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class PublicIdInputListController {

		@Bean
		InputListController inputListController() {
			return new InputListController();
		}
	}

	@Controller
	static class InputListController {

		@QueryMapping
		List<Order> placeAll(@Argument List<OrderInput> inputs) {
			return List.of();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class PublicIdReturnController {

		@Bean
		ReturnController returnController() {
			return new ReturnController();
		}
	}

	@Controller
	static class ReturnController {

		@QueryMapping
		@PublicId
		Long orderId() {
			return ID;
		}
	}
}
