package io.snowflakeid.quarkus.qute;

import java.util.List;

import io.quarkus.builder.BuildContext;
import io.quarkus.builder.BuildStep;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.qute.Engine;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.quarkus.qute.Models.Invoice;
import io.snowflakeid.quarkus.qute.Models.Order;
import io.snowflakeid.quarkus.qute.Models.Parcel;
import io.snowflakeid.quarkus.qute.Models.Receipt;
import io.snowflakeid.quarkus.qute.Models.RushOrder;
import io.snowflakeid.quarkus.qute.Models.Voucher;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Qute reads properties itself, past Jackson and JSON-B: a {@code @PublicId} property rendered in a template is its
 * token, whatever the template's syntax, the resolver Qute would have used and the shape of the property.
 */
class PublicIdQuteTest {

	/** A key of the test's own (32 bytes, base64): never a real one. */
	static final String KEY = "q5Vc3GQ2oX0kM7fYtZl1uR8wJ4eH6pDnB9aS2vLxK0c=";

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Models.class, Order.class, RushOrder.class, Invoice.class,
				Voucher.class, Receipt.class, Parcel.class)
			// a type-safe template: Qute's build generates a resolver for Order (priority 10)
			.addAsResource(new StringAsset("{@io.snowflakeid.quarkus.qute.Models$Order order}{order.id}|{order.label}"),
					"templates/order.txt")
			.addAsResource(new StringAsset("{@io.snowflakeid.quarkus.qute.Models$Invoice invoice}"
					+ "{invoice.id}|{invoice.getId()}|{invoice.getId}"), "templates/invoice.txt"))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:qute;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "3")
		.overrideConfigKey("quarkus.snowflake.public-id.keys.1", KEY)
		// native (no GraalVM here): what the build registers for the resolver's reflection, seen from its build items
		.addBuildChainCustomizer((chain) -> chain.addBuildStep(new BuildStep() {

			@Override
			public void execute(BuildContext context) {
				StringBuilder seen = new StringBuilder();
				for (ReflectiveClassBuildItem item : context.consumeMulti(ReflectiveClassBuildItem.class)) {
					if ("snowflake: @PublicId members read by Qute templates".equals(item.getReason())
							&& item.isFields() && item.isMethods()) {
						item.getClassNames().forEach((name) -> seen.append(name).append('\n'));
					}
				}
				System.setProperty(NATIVE, seen.toString());
				context.produce(new FeatureBuildItem("qute-native-probe"));
			}
		}).consumes(ReflectiveClassBuildItem.class).produces(FeatureBuildItem.class).build());

	/** Where the probe leaves what it saw: the build runs in another class loader, system properties are shared. */
	private static final String NATIVE = "snowflake.test.qute-native";

	@Inject
	Engine engine;

	@Inject
	@Location("order.txt")
	Template order;

	@Inject
	@Location("invoice.txt")
	Template invoice;

	@Inject
	PublicIdCodec codec;

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManager entityManager;

	@Test
	void typeSafeTemplatesRenderTheToken() {
		Order value = order();
		String token = this.codec.encode(value.id);
		assertThat(this.order.data("order", value).render()).isEqualTo(token + "|order");
		long id = this.generator.nextId();
		String invoiceToken = this.codec.encode(id);
		assertThat(this.invoice.data("invoice", new Invoice(id)).render())
			.isEqualTo(invoiceToken + "|" + invoiceToken + "|" + invoiceToken);
	}

	@Test
	void everySyntaxOfAnUntypedTemplateRendersTheToken() {
		Order value = order();
		String token = this.codec.encode(value.id);
		String rendered = this.engine
			.parse("{o.id} {o.getId()} {o.getId} {#each list}{it.id}{/each} {#let x=o.id}{x}{/let} {#with o}{id}{/with}")
			.data("o", value)
			.data("list", List.of(value))
			.render();
		assertThat(rendered).isEqualTo(String.join(" ", token, token, token, token, token, token));
		assertThat(rendered).doesNotContain(value.id.toString());
	}

	@Test
	void aGetterAFieldBehindAGetterARecordAndADomainRenderTheirTokens() {
		long id = this.generator.nextId();
		assertThat(this.engine.parse("{i.id}").data("i", new Invoice(id)).render()).isEqualTo(this.codec.encode(id));
		assertThat(this.engine.parse("{r.id}/{r.total}").data("r", new Receipt(id, "12.50")).render())
			.isEqualTo(this.codec.encode(id) + "/12.50");
		assertThat(this.engine.parse("{v.code}").data("v", new Voucher(Long.toString(id))).render())
			.isEqualTo(this.codec.forDomain("voucher").encode(id))
			.isNotEqualTo(this.codec.encode(id));
	}

	@Test
	void aNullIdRendersNothing() {
		assertThat(this.engine.parse("[{o.id}]").data("o", new Order()).render()).isEqualTo("[]");
	}

	@Test
	void anEntityAndAnUnloadedReferenceRenderTheToken() {
		Parcel parcel = new Parcel();
		parcel.setDestination("Lyon");
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(parcel));
		String token = this.codec.encode(parcel.getId());
		QuarkusTransaction.requiringNew().run(() -> {
			Parcel proxy = this.entityManager.getReference(Parcel.class, parcel.getId());
			// Quarkus enhances entities: the reference is an uninitialized Parcel, not a subclass
			assertThat(org.hibernate.Hibernate.isInitialized(proxy)).as("not loaded yet").isFalse();
			assertThat(this.engine.parse("{p.id}").data("p", proxy).render()).isEqualTo(token);
			assertThat(this.engine.parse("{p.id} to {p.destination}").data("p", proxy).render())
				.isEqualTo(token + " to Lyon");
		});
	}

	@Test
	void aNativeImageCanReadTheMembers() {
		assertThat(System.getProperty(NATIVE)).as("registered for reflection")
			.contains(Order.class.getName(), RushOrder.class.getName(), Invoice.class.getName(),
					Voucher.class.getName(), Receipt.class.getName(), Parcel.class.getName());
	}

	private Order order() {
		Order value = new Order();
		value.id = this.generator.nextId();
		return value;
	}
}
