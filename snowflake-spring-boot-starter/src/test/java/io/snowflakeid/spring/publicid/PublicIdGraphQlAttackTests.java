package io.snowflakeid.spring.publicid;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import graphql.ExecutionResult;
import graphql.GraphqlErrorBuilder;
import graphql.analysis.MaxQueryDepthInstrumentation;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.web.ProjectedPayload;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.data.pagination.CursorEncoder;
import org.springframework.graphql.data.pagination.CursorStrategy;
import org.springframework.graphql.data.query.ScrollPositionCursorStrategy;
import org.springframework.graphql.data.query.ScrollSubrange;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.execution.DataFetcherExceptionResolver;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.graphql.support.DefaultExecutionGraphQlRequest;
import org.springframework.stereotype.Controller;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Attacks on the Spring for GraphQL support of {@code @PublicId}, by a review helper (helper-51, 2026-12-06): each
 * failed on the first version (a raw id sent where a token was promised, a raw id taken, or an ordinary application
 * broken) and passes since the fixes; the leak tests accept a refusal at start as well (fail closed).
 */
public class PublicIdGraphQlAttackTests {

	static final long ID = 912207628317364225L;

	static final long CUSTOMER = 912207628317364226L;

	static final long USER = 912207628317364227L;

	private final ApplicationContextRunner withKey = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class,
				PublicIdGraphQlTests.bootGraphQlAutoConfiguration()))
		.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4",
				"spring.graphql.schema.locations=classpath:graphql-publicid-attack/",
				"snowflake.public-id.keys.1=" + PublicIdTestKeys.KEY_32)
		.withUserConfiguration(ErrorMessages.class);

	// ---- raw ids out -------------------------------------------------------------------------------------------

	/**
	 * Keyset pagination (Spring Data {@code Window}, Boot's {@code ScrollPositionCursorStrategy}): each edge's cursor
	 * is Base64 of {@code K_{"id":<raw id>}}: the node's id is a token, its cursor gives the raw id away.
	 */
	@Test
	void keysetCursorOfAWindowCarriesTheRawIdOfAPublicIdProperty() {
		this.withKey.withUserConfiguration(WindowController.class).run((context) -> {
			if (context.getStartupFailure() != null) {
				return; // refused at start: fail closed, fine
			}
			ExecutionResult result = execute(context, "{ page(first: 2) { edges { cursor node { id } } } }");
			assertThat(result.getErrors()).isEmpty();
			List<String> decoded = new ArrayList<>();
			for (Map<String, Object> edge : edges(result)) {
				String cursor = (String) edge.get("cursor");
				decoded.add(cursor);
				for (String text : List.of(cursor, cursor.substring(1))) { // as it is, and after a version character
					for (Base64.Decoder decoder : List.of(Base64.getDecoder(), Base64.getUrlDecoder())) {
						try {
							decoded.add(new String(decoder.decode(text), StandardCharsets.ISO_8859_1));
						}
						catch (IllegalArgumentException ex) {
							// not in this decoder's alphabet
						}
					}
				}
				assertThat(edge.get("node")).isNotNull();
			}
			assertThat(decoded).as("cursors as decoded by anyone").isNotEmpty()
				.noneMatch((cursor) -> cursor.contains(Long.toString(ID)) || cursor.contains("java.lang.Long"));
		});
	}

	/** The other way: a cursor anyone builds from a raw id is taken as the position, never asked for a token. */
	@Test
	void aKeysetCursorBuiltFromARawIdIsTakenAsThePosition() {
		this.withKey.withUserConfiguration(WindowController.class).run((context) -> {
			if (context.getStartupFailure() != null) {
				return;
			}
			// what Spring Boot's strategy takes without the seal: Base64 of the keyset position, written by anyone
			String forged = CursorStrategy.withEncoder(new ScrollPositionCursorStrategy(), CursorEncoder.base64())
				.toCursor(ScrollPosition.forward(Map.of("id", ID + 5)));
			WindowController.seen = null;
			ExecutionResult result = execute(context,
					"{ page(first: 1, after: \"" + forged + "\") { edges { node { status } } } }");
			assertThat(result.getErrors()).as("the forged cursor is refused").isNotEmpty();
			assertThat(String.valueOf(WindowController.seen)).as("position the controller was given")
				.doesNotContain(Long.toString(ID + 5));
			// while the cursors the application wrote come back as they were
			@SuppressWarnings("unchecked")
			String own = (String) ((Map<String, Object>) ((List<Object>) ((Map<String, Object>) ((Map<String, Object>) execute(context,
					"{ page(first: 2) { edges { cursor } } }").getData()).get("page")).get("edges")).get(0)).get("cursor");
			WindowController.seen = null;
			ExecutionResult next = execute(context, "{ page(first: 1, after: \"" + own + "\") { edges { node { status } } } }");
			// Spring for GraphQL 1.4 (Boot 3.5) cannot read back a keyset position of its own here (its JSON strategy
			// refuses the position's unmodifiable map: "Failed to parse cursor: K_[...]", without any seal too); 2.0 can.
			// Either way the seal opened: the text reached the strategy.
			assertThat(next.getErrors()).noneMatch((error) -> error.getMessage().contains("Invalid sealed value"));
			if (next.getErrors().isEmpty()) {
				assertThat(WindowController.seen).isEqualTo(ScrollPosition.forward(Map.of("id", ID)));
			}
			else {
				assertThat(next.getErrors().get(0).getMessage()).startsWith("IllegalArgumentException: Failed to parse cursor: K_");
			}
		});
	}

	/**
	 * A Spring Data projection (an interface, a JDK proxy at run time) with a {@code @PublicId} getter: the
	 * instrumentation looks for the annotation on the source's class and superclasses only, never on interfaces.
	 * Jackson merges interface annotations, so the same projection as JSON carries the token.
	 */
	@Test
	void aProjectionWithAPublicIdGetterSendsTheRawId() {
		this.withKey.withUserConfiguration(ViewController.class).run((context) -> {
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			ExecutionResult result = execute(context, "{ view { id } }");
			assertThat(result.toSpecification().toString()).doesNotContain(Long.toString(ID));
			assertThat(field(result, "view")).containsEntry("id", codec.encode(ID));
		});
	}

	/**
	 * Kotlin's {@code class KtOrder(@PublicId val id: Long)} puts the annotation on the constructor parameter only
	 * (Kotlin's default use-site target for a Java annotation that allows PARAMETER). The start check counts such a
	 * parameter as {@code @PublicId} ({@code publicIdPropertyIn}), the output instrumentation does not.
	 */
	@Test
	void aKotlinStyleConstructorParameterPublicIdIsSentRaw() {
		this.withKey.withUserConfiguration(KtController.class).run((context) -> {
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			ExecutionResult result = execute(context, "{ ktOrder { id } }");
			assertThat(result.toSpecification().toString()).doesNotContain(Long.toString(ID));
			assertThat(field(result, "ktOrder")).containsEntry("id", codec.encode(ID));
		});
	}

	/**
	 * An ordinary {@code GraphQlSourceBuilderCustomizer} that sets an instrumentation of its own on graphql-java's
	 * builder ({@code configureGraphQl(b -> b.instrumentation(...))}, a common way to add a depth limit) replaces
	 * Spring's {@code ChainedInstrumentation}, ours with it: every {@code @PublicId} field goes out raw, silently.
	 */
	@Test
	void aCustomizerSettingItsOwnInstrumentationDropsTheTokensSilently() {
		Class<Object> customizer = customizerType();
		Object bean = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { customizer },
				(proxy, method, args) -> switch (method.getName()) {
					case "customize" -> {
						((GraphQlSource.SchemaResourceBuilder) args[0])
							.configureGraphQl((graphQl) -> graphQl.instrumentation(new MaxQueryDepthInstrumentation(15)));
						yield null;
					}
					case "hashCode" -> System.identityHashCode(proxy);
					case "equals" -> proxy == args[0];
					case "toString" -> "depth limit";
					default -> null;
				});
		this.withKey.withBean(customizer, () -> bean).withUserConfiguration(OrderController.class).run((context) -> {
			if (context.getStartupFailure() != null) {
				return; // refused at start, naming the customizer: fine
			}
			ExecutionResult result = execute(context, "{ order { id status } }");
			assertThat(result.toSpecification().toString()).doesNotContain(Long.toString(ID));
		});
	}

	/**
	 * An application that declares its own {@code GraphQlSource} (Boot's backs off): the instrumentation bean exists
	 * but nothing adds it to the engine, and nothing says so: raw ids out.
	 */
	@Test
	void anApplicationsOwnGraphQlSourceSendsRawIdsSilently() {
		this.withKey.withUserConfiguration(OwnSourceConfiguration.class).run((context) -> {
			if (context.getStartupFailure() != null) {
				return;
			}
			ExecutionResult result = execute(context, "{ order { id status } }");
			assertThat(result.toSpecification().toString()).doesNotContain(Long.toString(ID));
		});
	}

	// ---- raw ids in ---------------------------------------------------------------------------------------------

	/**
	 * {@code @ProjectedPayload} interfaces are bound from the GraphQL arguments without {@code @Argument} (Spring for
	 * GraphQL's ProjectedPayloadMethodArgumentResolver); the check only looks at {@code @Argument}/{@code @Arguments}
	 * parameters, so a {@code @PublicId} getter there takes the raw id.
	 */
	@Test
	void aProjectedPayloadArgumentWithAPublicIdGetterTakesTheRawId() {
		this.withKey.withUserConfiguration(RefController.class)
			.run((context) -> refusedAtStart(context, "{ byRef(id: \"" + ID + "\") }"));
	}

	/**
	 * Spring for GraphQL merges the annotations of an interface the controller implements (mappings and parameter
	 * annotations, {@code HandlerMethod.getInterfaceParameterAnnotations}); the check reads the class's own
	 * parameter annotations only.
	 */
	@Test
	void aPublicIdArgumentDeclaredOnTheControllersInterfaceIsNotRefused() {
		this.withKey.withUserConfiguration(InterfaceController.class)
			.run((context) -> refusedAtStart(context, "{ byId(id: \"" + ID + "\") }"));
	}

	/**
	 * A generic base controller ({@code CrudController<I>} with {@code @Argument I input}) and a subclass that gives
	 * {@code I}: Spring binds the subclass's type (the bean's class is the parameter's containing class), the check
	 * resolves {@code I} against the declaring class, an Object, and finds nothing.
	 */
	@Test
	void anArgumentOfAGenericBaseControllerResolvedToATypeWithAPublicIdIsNotRefused() {
		this.withKey.withUserConfiguration(OrderCrudController.class)
			.run((context) -> refusedAtStart(context, "{ create(input: {customerId: \"" + CUSTOMER + "\"}) }"));
	}

	/** An {@code ArgumentValue} parameter is bound from the arguments without {@code @Argument} (review helper-52). */
	@Test
	void anUnannotatedArgumentValueOfATypeWithAPublicIdIsRefused() {
		this.withKey.withUserConfiguration(ArgumentValueController.class)
			.run((context) -> refusedAtStart(context, "{ create(input: {customerId: \"" + CUSTOMER + "\"}) }"));
	}

	/**
	 * A cursor that does not open is the client's error: {@code BAD_REQUEST} "Invalid cursor", not an internal
	 * error (Spring logs those at ERROR: a client could flood the log), and the controller is not called.
	 */
	@Test
	void aForgedCursorIsABadRequest() {
		this.withKey.withUserConfiguration(WindowController.class).run((context) -> {
			// the application's own error resolver (the test's) sees it first; without it the starter's answers
			WindowController.seen = null;
			ExecutionResult result = execute(context, "{ page(first: 1, after: \"1made-up\") { edges { cursor } } }");
			assertThat(result.getErrors()).singleElement().satisfies((error) -> assertThat(error.getMessage())
				.contains("Invalid cursor"));
			assertThat(WindowController.seen).isNull();
		});
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class,
					PublicIdGraphQlTests.bootGraphQlAutoConfiguration()))
			.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4",
					"spring.graphql.schema.locations=classpath:graphql-publicid-attack/",
					"snowflake.public-id.keys.1=" + PublicIdTestKeys.KEY_32)
			.withUserConfiguration(WindowController.class)
			.run((context) -> {
				ExecutionResult result = execute(context, "{ page(first: 1, after: \"1made-up\") { edges { cursor } } }");
				assertThat(result.getErrors()).singleElement().satisfies((error) -> {
					assertThat(error.getMessage()).isEqualTo("Invalid cursor");
					assertThat(error.getErrorType().toString()).isEqualTo("BAD_REQUEST");
				});
			});
	}

	/** Several codec beans, none primary: cursors are refused, never sent unsealed (review helper-52). */
	@Test
	void withSeveralCodecsAndNonePrimaryCursorsAreRefusedNotSentUnsealed() {
		this.withKey.withUserConfiguration(WindowController.class, TwoCodecs.class).run((context) -> {
			if (context.getStartupFailure() != null) {
				return;
			}
			ExecutionResult result = execute(context, "{ page(first: 2) { edges { cursor node { status } } } }");
			assertThat(result.getErrors()).isNotEmpty();
			String all = result.toSpecification().toString();
			assertThat(all).doesNotContain(Long.toString(ID)).doesNotContain("S18"); // "K_" in Base64 starts "S18"
		});
	}

	/** An engine the starter rebuilds keeps the application's value unboxer and data loader dispatch (helper-52). */
	@Test
	void anInstrumentedEngineKeepsTheApplicationsOtherSettings() {
		graphql.execution.ValueUnboxer unboxer = (value) -> value;
		GraphQlSource own = GraphQlSource.schemaResourceBuilder()
			.schemaResources(new org.springframework.core.io.ByteArrayResource("type Query { a: String }".getBytes()))
			.configureGraphQl((builder) -> builder.valueUnboxer(unboxer).doNotAutomaticallyDispatchDataLoader())
			.build();
		PublicIdGraphQlInstrumentation ours = new PublicIdGraphQlInstrumentation(() -> null);
		org.springframework.beans.factory.support.StaticListableBeanFactory beans = new org.springframework.beans.factory.support.StaticListableBeanFactory();
		beans.addBean("ours", ours);
		GraphQlSource instrumented = (GraphQlSource) new PublicIdGraphQlSourcePostProcessor(
				beans.getBeanProvider(PublicIdGraphQlInstrumentation.class)).postProcessAfterInitialization(own, "own");
		assertThat(PublicIdGraphQlSourcePostProcessor.runs(instrumented.graphQl().getInstrumentation(), ours)).isTrue();
		assertThat(instrumented.graphQl().getValueUnboxer()).isSameAs(unboxer);
		assertThat(instrumented.graphQl().isDoNotAutomaticallyDispatchDataLoader()).isTrue();
		assertThat(instrumented.graphQl()).isSameAs(instrumented.graphQl()); // built once
	}

	// ---- ordinary applications broken -------------------------------------------------------------------------

	/**
	 * A DTO keeps the author's id ({@code @PublicId("user") Long author}) and the schema's {@code author} is the
	 * {@code User} a {@code @SchemaMapping} loads: the instrumentation goes by the field's name only and fails the
	 * field ("holds a ...User"), although no id is sent there. It could skip fields whose GraphQL type is not a scalar.
	 */
	@Test
	void anObjectFieldNamedLikeAPublicIdPropertyFails() {
		this.withKey.withUserConfiguration(CommentController.class).run((context) -> {
			ExecutionResult result = execute(context, "{ comment { text author { name } } }");
			assertThat(result.getErrors()).isEmpty();
			assertThat(field(result, "comment")).containsEntry("author", Map.of("name", "ann"));
		});
	}

	// ---- what held (passes today) ----------------------------------------------------------------------------

	/**
	 * PASSES (no finding): aliases, fragments, an interface field, a subclass source (a Hibernate proxy's shape) and a
	 * {@code @BatchMapping} answering a {@code Mono<Map<Order, Long>>} all carry tokens.
	 */
	@Test
	void worksAliasesFragmentsInterfacesSubclassSourcesAndBatchMappingMonos() {
		this.withKey.withUserConfiguration(OrderController.class).run((context) -> {
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			ExecutionResult result = execute(context, "{ orders { x: id ...F } node { ... on Order { y: id } } } "
					+ "fragment F on Order { customerId }");
			assertThat(result.getErrors()).isEmpty();
			String all = result.toSpecification().toString();
			assertThat(all).doesNotContain(Long.toString(ID)).doesNotContain(Long.toString(ID + 1))
				.doesNotContain(Long.toString(CUSTOMER));
			Map<String, Object> data = result.getData();
			assertThat(data.get("orders")).isEqualTo(List.of(
					Map.of("x", codec.encode(ID), "customerId", codec.forDomain("customer").encode(CUSTOMER)),
					Map.of("x", codec.encode(ID + 1), "customerId", codec.forDomain("customer").encode(CUSTOMER))));
			assertThat(data.get("node")).isEqualTo(Map.of("y", codec.encode(ID)));
		});
	}

	// ---- helpers -----------------------------------------------------------------------------------------------

	private static void refusedAtStart(AssertableApplicationContext context, String query) {
		if (context.getStartupFailure() == null) {
			ExecutionResult result = execute(context, query);
			fail("Started, and the raw id was taken: " + query + " -> " + result.toSpecification());
		}
		assertThat(context.getStartupFailure()).hasMessageContaining("@PublicId");
	}

	/** Through Boot's {@code ExecutionGraphQlService}, as a web request would (it sets up the data loaders). */
	private static ExecutionResult execute(AssertableApplicationContext context, String query) {
		assertThat(context).hasNotFailed();
		return context.getBean(ExecutionGraphQlService.class)
			.execute(new DefaultExecutionGraphQlRequest(query, null, null, null, "1", null))
			.block()
			.getExecutionResult();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> field(ExecutionResult result, String name) {
		return (Map<String, Object>) ((Map<String, Object>) result.getData()).get(name);
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> edges(ExecutionResult result) {
		return (List<Map<String, Object>>) field(result, "page").get("edges");
	}

	@SuppressWarnings("unchecked")
	private static Class<Object> customizerType() {
		for (String name : List.of("org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer",
				"org.springframework.boot.autoconfigure.graphql.GraphQlSourceBuilderCustomizer")) {
			if (ClassUtils.isPresent(name, null)) {
				return (Class<Object>) ClassUtils.resolveClassName(name, null);
			}
		}
		throw new IllegalStateException("No GraphQlSourceBuilderCustomizer on the class path");
	}

	// ---- the application -------------------------------------------------------------------------------------

	/** Errors with their exception's message (Spring's default hides it as INTERNAL_ERROR): to read the failures. */
	@Configuration(proxyBeanMethods = false)
	static class ErrorMessages {

		@Bean
		DataFetcherExceptionResolver messages() {
			return DataFetcherExceptionResolver.forSingleError((ex, environment) -> GraphqlErrorBuilder.newError(environment)
				.message(ex.getClass().getSimpleName() + ": " + ex.getMessage())
				.build());
		}
	}

	public static class Order {

		@PublicId
		private final Long id;

		private final String status = "PAID";

		public Order(long id) {
			this.id = id;
		}

		public Long getId() {
			return this.id;
		}

		public String getStatus() {
			return this.status;
		}

		@PublicId("customer")
		public Long getCustomerId() {
			return CUSTOMER;
		}
	}

	/** The shape of a Hibernate proxy: a subclass overriding the getters, without annotations. */
	public static class OrderProxy extends Order {

		public OrderProxy(long id) {
			super(id);
		}

		@Override
		public Long getId() {
			return super.getId();
		}
	}

	@Controller
	static class OrderController {

		@QueryMapping
		Order order() {
			return new Order(ID);
		}

		@QueryMapping
		List<Order> orders() {
			return List.of(new Order(ID), new OrderProxy(ID + 1));
		}

		@QueryMapping
		Object node() {
			return new Order(ID);
		}

		@BatchMapping(typeName = "Order")
		Mono<Map<Order, Long>> customerId(List<Order> orders) {
			Map<Order, Long> ids = new java.util.LinkedHashMap<>();
			orders.forEach((order) -> ids.put(order, order.getCustomerId()));
			return Mono.just(ids);
		}
	}

	@Controller
	static class WindowController {

		static volatile ScrollPosition seen;

		@QueryMapping
		Window<Order> page(ScrollSubrange subrange) {
			seen = subrange.position().orElse(null);
			List<Order> orders = List.of(new Order(ID), new Order(ID + 1));
			return Window.from(orders, (i) -> ScrollPosition.forward(Map.of("id", orders.get(i).getId())));
		}
	}

	public interface OrderView {

		@PublicId
		Long getId();
	}

	@Controller
	static class ViewController {

		@QueryMapping
		OrderView view() {
			return new SpelAwareProxyProjectionFactory().createProjection(OrderView.class, new Order(ID));
		}
	}

	/** What kotlinc makes of {@code class KtOrder(@PublicId val id: Long)}: the annotation on the parameter only. */
	public static final class KtOrder {

		private final Long id;

		public KtOrder(@PublicId Long id) {
			this.id = id;
		}

		public Long getId() {
			return this.id;
		}
	}

	@Controller
	static class KtController {

		@QueryMapping
		KtOrder ktOrder() {
			return new KtOrder(ID);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnSourceConfiguration {

		@Bean
		GraphQlSource graphQlSource() {
			return GraphQlSource.schemaResourceBuilder()
				.schemaResources(new ClassPathResource("graphql-publicid-attack/attack.graphqls"))
				.configureRuntimeWiring((wiring) -> wiring.type("Query",
						(type) -> type.dataFetcher("order", (environment) -> new Order(ID))))
				.build();
		}
	}

	@ProjectedPayload
	public interface OrderRef {

		@PublicId
		Long getId();
	}

	@Controller
	static class RefController {

		@QueryMapping
		String byRef(OrderRef ref) {
			return "took " + ref.getId();
		}
	}

	public interface OrderQueries {

		@QueryMapping
		String byId(@Argument @PublicId Long id);
	}

	@Controller
	static class InterfaceController implements OrderQueries {

		@Override
		public String byId(Long id) {
			return "took " + id;
		}
	}

	public record OrderInput(String status, @PublicId("customer") Long customerId) {
	}

	abstract static class CrudController<I> {

		@QueryMapping
		String create(@Argument I input) {
			return "took " + input;
		}
	}

	@Controller
	static class ArgumentValueController {

		@QueryMapping
		String create(org.springframework.graphql.data.ArgumentValue<OrderInput> input) {
			return "took " + input;
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoCodecs {

		@Bean
		PublicIdCodec firstCodec() {
			return PublicIdCodec.builder().key("1", PublicIdTestKeys.KEY_32).build();
		}

		@Bean
		PublicIdCodec secondCodec() {
			return PublicIdCodec.builder().key("1", PublicIdTestKeys.KEY_16).build();
		}
	}

	@Controller
	static class OrderCrudController extends CrudController<OrderInput> {

	}

	public static class Comment {

		@PublicId("user")
		private final Long author = USER;

		public String getText() {
			return "hi";
		}

		public Long getAuthor() {
			return this.author;
		}
	}

	public record User(String name) {
	}

	@Controller
	static class CommentController {

		@QueryMapping
		Comment comment() {
			return new Comment();
		}

		@SchemaMapping(typeName = "Comment")
		User author(Comment comment) {
			return new User("ann");
		}
	}
}
