package io.snowflakeid.quarkus.deployment;

import java.util.List;

import io.quarkus.builder.BuildContext;
import io.quarkus.builder.BuildStep;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ServiceProviderBuildItem;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.hibernate.SegmentIdentifierGenerator;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorService;
import io.snowflakeid.hibernate.SnowflakeIdentifierGenerator;
import io.snowflakeid.hibernate.internal.schema.SnowflakeSchemaCheck;
import io.snowflakeid.hibernate.SnowflakeValueGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A native image cannot be built here (no GraalVM): what the extension registers for one is checked instead, from
 * the build items the build produces: the generators Hibernate instantiates, snowflake-hibernate's service files, the
 * Hibernate methods called by reflection, the JSON-B (de)serializers the build names.
 */
class NativeRegistrationsTest {

	/** Where the probe leaves what it saw: the build runs in another class loader, system properties are shared. */
	private static final String SEEN = "snowflake.test.native-registrations";

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:native-registrations;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.addBuildChainCustomizer((chain) -> chain.addBuildStep(new BuildStep() {

			@Override
			public void execute(BuildContext context) {
				StringBuilder seen = new StringBuilder();
				for (ReflectiveClassBuildItem item : context.consumeMulti(ReflectiveClassBuildItem.class)) {
					if (item.getReason() != null && item.getReason().startsWith("snowflake")) {
						for (String name : item.getClassNames()) {
							seen.append("reflective ").append(name).append(item.isConstructors() ? " constructors" : "")
								.append(item.isMethods() ? " methods" : "").append('\n');
						}
					}
				}
				for (ServiceProviderBuildItem service : context.consumeMulti(ServiceProviderBuildItem.class)) {
					for (String provider : service.providers()) {
						seen.append("service ").append(service.serviceDescriptorFile()).append(' ').append(provider)
							.append('\n');
					}
				}
				System.setProperty(SEEN, seen.toString());
				context.produce(new FeatureBuildItem("native-registrations-probe"));
			}
		}).consumes(ReflectiveClassBuildItem.class).consumes(ServiceProviderBuildItem.class)
			.produces(FeatureBuildItem.class).build());

	private static List<String> seen() {
		return List.of(System.getProperty(SEEN, "").split("\n"));
	}

	@Test
	void whatHibernateInstantiatesKeepsItsConstructors() {
		for (Class<?> type : new Class<?>[] { SnowflakeIdentifierGenerator.class, SegmentIdentifierGenerator.class,
				SnowflakeValueGenerator.class, SnowflakeSchemaCheck.class, SnowflakeGeneratorService.Contributor.class }) {
			assertThat(seen()).contains("reflective " + type.getName() + " constructors");
		}
	}

	@Test
	void theServiceFilesOfSnowflakeHibernateAreKept() {
		assertThat(seen()).anySatisfy((line) -> assertThat(line).startsWith("service ")
			.contains("org.hibernate.integrator.spi.Integrator " + SnowflakeSchemaCheck.class.getName()));
		assertThat(seen()).anySatisfy((line) -> assertThat(line).startsWith("service ")
			.contains("org.hibernate.service.spi.ServiceContributor "
					+ SnowflakeGeneratorService.Contributor.class.getName()));
	}

	@Test
	void theHibernateMethodsCalledByReflectionAndTheJsonbSerializersAreKept() {
		assertThat(seen()).anySatisfy((line) -> assertThat(line).startsWith("reflective org.hibernate.mapping.Table ")
			.endsWith(" methods"));
		for (String serializer : new String[] { "SnowflakeIdJsonbSerializer", "SnowflakeIdJsonbDeserializer",
				"SnowflakeIdValuesJsonbSerializer", "SnowflakeIdValuesJsonbDeserializer", "PublicIdJsonbSerializer",
				"PublicIdJsonbDeserializer" }) {
			assertThat(seen()).contains("reflective io.snowflakeid.quarkus.runtime." + serializer + " constructors");
		}
	}
}
