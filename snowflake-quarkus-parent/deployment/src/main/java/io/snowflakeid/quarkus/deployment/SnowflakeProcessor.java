package io.snowflakeid.quarkus.deployment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

import io.quarkus.arc.BeanDestroyer;
import io.quarkus.arc.processor.InjectionPointInfo;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.arc.deployment.BeanDiscoveryFinishedBuildItem;
import io.quarkus.arc.deployment.SyntheticBeanBuildItem;
import io.quarkus.arc.deployment.ValidationPhaseBuildItem.ValidationErrorBuildItem;
import io.quarkus.deployment.Capabilities;
import io.quarkus.deployment.Capability;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.BytecodeTransformerBuildItem;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ServiceProviderBuildItem;
import io.quarkus.deployment.metrics.MetricsCapabilityBuildItem;
import io.quarkus.deployment.pkg.builditem.CurateOutcomeBuildItem;
import io.quarkus.hibernate.orm.deployment.HibernateOrmConfig;
import io.quarkus.hibernate.orm.deployment.HibernateOrmConfigPersistenceUnit;
import io.quarkus.hibernate.orm.deployment.PersistenceUnitDescriptorBuildItem;
import io.quarkus.hibernate.orm.deployment.integration.HibernateOrmIntegrationRuntimeConfiguredBuildItem;
import io.quarkus.hibernate.orm.runtime.PersistenceUnitUtil;
import io.quarkus.maven.dependency.ResolvedDependency;
import io.quarkus.resteasy.reactive.spi.ExceptionMapperBuildItem;
import io.quarkus.resteasy.reactive.spi.ParamConverterBuildItem;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.quarkus.runtime.metrics.MetricsFactory;
import io.quarkus.smallrye.health.deployment.spi.HealthBuildItem;
import io.quarkus.vertx.http.deployment.spi.RouteBuildItem;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SegmentIdentifierGenerator;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorService;
import io.snowflakeid.hibernate.SnowflakeIdentifierGenerator;
import io.snowflakeid.hibernate.internal.schema.SnowflakeSchemaCheck;
import io.snowflakeid.hibernate.SnowflakeValueGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.quarkus.runtime.ArcGeneratorSource;
import io.snowflakeid.quarkus.runtime.CoordinationClient;
import io.snowflakeid.quarkus.runtime.LeaseRelease;
import io.snowflakeid.quarkus.runtime.PublicIdRecorder;
import io.snowflakeid.quarkus.runtime.PublicIdStartCheck;
import io.snowflakeid.quarkus.runtime.QuarkusPublicIds;
import io.snowflakeid.quarkus.runtime.SnowflakeEndpointRecorder;
import io.snowflakeid.quarkus.runtime.SnowflakeRecorder;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Priorities;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;
import org.jboss.logging.Logger;

/**
 * The extension's build: Hibernate's generators find the application's generator through Arc
 * ({@link ArcGeneratorSource}, available at static init, when Quarkus builds the metadata), the generator is a
 * singleton created at start from {@code quarkus.snowflake.*}, and each persistence unit gets the column check's
 * mode and the batching defaults.
 */
class SnowflakeProcessor {

	static final String FEATURE = "snowflake";

	private static final Logger LOG = Logger.getLogger(SnowflakeProcessor.class);

	private static final DotName SNOWFLAKE_ID = DotName.createSimple("io.snowflakeid.hibernate.SnowflakeId");

	private static final DotName SEGMENT_ID = DotName.createSimple("io.snowflakeid.hibernate.SegmentId");

	private static final DotName EMBEDDABLE = DotName.createSimple("jakarta.persistence.Embeddable");

	private static final DotName ID_CLASS = DotName.createSimple("jakarta.persistence.IdClass");

	private static final String RUNTIME = "io.snowflakeid.quarkus.runtime.";

	private static final String METER_BINDER = RUNTIME + "SnowflakeMeterBinder";

	@BuildStep
	FeatureBuildItem feature() {
		return new FeatureBuildItem(FEATURE);
	}

	/** Unremovable: only Hibernate looks it up, through its bean container, which Arc does not see as a use. */
	@BuildStep
	AdditionalBeanBuildItem generatorSource() {
		return AdditionalBeanBuildItem.unremovableOf(ArcGeneratorSource.class);
	}

	/**
	 * The readiness and liveness checks, where SmallRye Health is present (its build step adds them as beans, or not,
	 * as {@code quarkus.snowflake.health.enabled} says). Named, not loaded, here: without SmallRye Health they could
	 * not be.
	 */
	@BuildStep
	void healthChecks(Capabilities capabilities, SnowflakeBuildTimeConfig config,
			BuildProducer<HealthBuildItem> checks) {
		if (capabilities.isPresent(Capability.SMALLRYE_HEALTH)) {
			checks.produce(new HealthBuildItem(RUNTIME + "SnowflakeReadinessCheck", config.health().enabled()));
			checks.produce(new HealthBuildItem(RUNTIME + "SnowflakeLivenessCheck", config.health().enabled()));
		}
	}

	/**
	 * The meters, where Micrometer is present: a {@code MeterBinder} bean, which Quarkus' Micrometer extension binds
	 * (unremovable: it finds the binders by type at start, which Arc does not see as a use). Named, not loaded, here.
	 */
	@BuildStep
	AdditionalBeanBuildItem meters(Optional<MetricsCapabilityBuildItem> metrics, SnowflakeBuildTimeConfig config) {
		boolean micrometer = metrics.isPresent() && metrics.get().metricsSupported(MetricsFactory.MICROMETER);
		return (micrometer && config.metrics().enabled())
				? AdditionalBeanBuildItem.unremovableOf(METER_BINDER) : null;
	}

	/**
	 * The application's {@code ObjectMapper}, where it has Jackson: ids as JSON strings
	 * ({@code quarkus.snowflake.jackson.ids-as-strings}) and public ids as tokens (or refused), through an
	 * {@code ObjectMapperCustomizer}, which Quarkus applies to the {@code ObjectMapper} it produces (an application that
	 * produces its own is checked at start). Named, not loaded, here.
	 */
	@BuildStep
	AdditionalBeanBuildItem jackson(Capabilities capabilities, SnowflakeBuildTimeConfig config,
			CombinedIndexBuildItem index) {
		if (!capabilities.isPresent(Capability.JACKSON)) {
			return null;
		}
		if (reflectionFreeSerializers() && !index.getIndex().getAnnotations(SNOWFLAKE_ID).isEmpty()) {
			LOG.warn("quarkus.rest.jackson.optimization.enable-reflection-free-serializers=true: Quarkus REST writes"
					+ " the DTOs it generates serializers for without the application's ObjectMapper modules, so their"
					+ " @SnowflakeId ids go out as JSON numbers, which JavaScript clients round to other ids");
		}
		return AdditionalBeanBuildItem.unremovableOf(RUNTIME + "SnowflakeObjectMapperCustomizer"
				+ (config.jackson().idsAsStrings() ? "$IdsAsStrings" : "$PublicIdsOnly"));
	}

	/**
	 * Ids as JSON strings and public ids as tokens, where the application has JSON-B ({@link JsonbIdsAsStrings}): the
	 * annotations a user would put on each such property, added to the application's classes.
	 */
	@BuildStep
	void jsonb(Capabilities capabilities, SnowflakeBuildTimeConfig config, CombinedIndexBuildItem index,
			PublicIdUsesBuildItem publicIds, BuildProducer<BytecodeTransformerBuildItem> transformers) {
		if (capabilities.isPresent(Capability.JSONB)) {
			JsonbIdsAsStrings.targets(index.getIndex(), config.jsonb().idsAsStrings(), publicIds.uses().jsonbTargets)
				.forEach((className, members) -> transformers
					.produce(new BytecodeTransformerBuildItem(className, JsonbIdsAsStrings.annotating(members))));
			List<String> unconverted = config.jsonb().idsAsStrings() ? JsonbIdsAsStrings.unconverted(index.getIndex())
					: List.of();
			if (!unconverted.isEmpty()) {
				LOG.warnf("@SnowflakeId on %s: JSON-B writes these ids as numbers (JavaScript rounds them); ids are"
						+ " strings on Long, long, collections and Optional of Long, Long[], long[] and Map<String, Long>"
						+ " (HashMap, LinkedHashMap, SortedMap, TreeMap) properties", String.join(", ", unconverted));
			}
		}
	}

	/**
	 * Where the application reads JSON-B request bodies with Quarkus REST: a value the extension's deserializers refuse
	 * (a raw id or bad token where a public id belongs, text that is no id) is a 400 saying why, not the 500 of an
	 * unmapped {@code JsonbException}. Below the application's priority, so its own mapper wins.
	 */
	@BuildStep
	ExceptionMapperBuildItem jsonbBadRequests(Capabilities capabilities) {
		return (capabilities.isPresent(Capability.JSONB) && capabilities.isPresent(Capability.REST))
				? new ExceptionMapperBuildItem(RUNTIME + "RejectedJsonbValueMapper", "jakarta.json.bind.JsonbException",
						Priorities.USER + 1000, false)
				: null;
	}

	/**
	 * The decode endpoint, {@code /q/snowflake} (on the management interface where that is enabled), where the
	 * application has an HTTP server and {@code quarkus.snowflake.endpoint.enabled=true}: off by default, as Spring
	 * Boot exposes no actuator endpoint but health over HTTP unless asked to.
	 */
	@BuildStep
	@Record(ExecutionTime.RUNTIME_INIT)
	void decodeEndpoint(Capabilities capabilities, SnowflakeBuildTimeConfig config, SnowflakeEndpointRecorder recorder,
			BuildProducer<RouteBuildItem> routes) {
		if (!capabilities.isPresent(Capability.VERTX_HTTP) || !config.endpoint().enabled()) {
			return;
		}
		Handler<RoutingContext> handler = recorder.handler();
		routes.produce(RouteBuildItem.newManagementRoute("snowflake")
			.withRequestHandler(handler)
			.displayOnNotFoundPage("Snowflake ids: configuration, /snowflake/{id} decodes an id")
			.build());
		routes.produce(RouteBuildItem.newManagementRoute("snowflake/*").withRequestHandler(handler).build());
	}

	/**
	 * The application's {@code @PublicId} uses: in Quarkus' index, and in the runtime dependencies it does not index
	 * ({@link UnindexedPublicIds}), which Jackson and JSON-B reach at run time all the same.
	 */
	@BuildStep
	PublicIdUsesBuildItem publicIdUses(CombinedIndexBuildItem index, CurateOutcomeBuildItem curate,
			Capabilities capabilities) {
		boolean jsonb = capabilities.isPresent(Capability.JSONB);
		PublicIdUses uses = PublicIdUses.of(index.getIndex(), capabilities.isPresent(Capability.REST), jsonb);
		if (reflectionFreeSerializers() && !uses.uses.isEmpty()) {
			uses.refused.add("quarkus.rest.jackson.optimization.enable-reflection-free-serializers=true: Quarkus REST"
					+ " would write the DTOs it generates serializers for without this extension's Jackson module, their"
					+ " raw ids among them (set it to false)");
		}
		for (ResolvedDependency dependency : curate.getApplicationModel().getRuntimeDependencies()) {
			// With JSON-B nothing else stops a raw id: a framework group's jar is read too where it is the
			// application's own work (a module of its build, a SNAPSHOT, a jar outside the repositories), as a DTO
			// module under such a group is (Camel Quarkus' examples are org.apache.camel.quarkus.examples); released
			// framework jars are not (every class of ~300 jars: 2 s a build).
			boolean ownWork = jsonb && (dependency.isWorkspaceModule() || UnindexedPublicIds.ownWork(
					dependency.getGroupId(), dependency.getArtifactId(), dependency.getVersion(),
					dependency.getResolvedPaths()));
			if (UnindexedPublicIds.searched(dependency.getGroupId(), ownWork)) {
				for (Path path : dependency.getResolvedPaths()) {
					for (String use : UnindexedPublicIds.inJar(path, PublicIdUses.PUBLIC_ID, SnowflakeProcessor::describe,
							(name) -> index.getIndex().getClassByName(name) != null)) {
						if (uses.uses.add(use) && jsonb) {
							uses.refused.add(use + ": not in Quarkus' index, so JSON-B would write its raw id (index the"
									+ " dependency: quarkus.index-dependency.*, or a Jandex index in its jar)");
						}
					}
				}
			}
		}
		return new PublicIdUsesBuildItem(uses);
	}

	/** What would send or take a raw id where a token is promised stops the build, each use named. */
	@BuildStep
	void refusePublicIds(PublicIdUsesBuildItem uses, BuildProducer<ValidationErrorBuildItem> errors) {
		if (!uses.uses().refused.isEmpty()) {
			errors.produce(new ValidationErrorBuildItem(new ConfigurationException("@PublicId where snowflake-quarkus"
					+ " cannot turn ids into tokens, so the raw id would go out or be taken in: "
					+ String.join("; ", uses.uses().refused))));
		}
	}

	/**
	 * The public id beans: the codec from {@code quarkus.snowflake.public-id.*}, the start's checks (a use without a
	 * key, a bad domain), and, with Quarkus REST, the parameter converter.
	 */
	@BuildStep
	void publicIdBeans(Capabilities capabilities, BuildProducer<AdditionalBeanBuildItem> beans,
			BuildProducer<ParamConverterBuildItem> converters) {
		beans.produce(AdditionalBeanBuildItem.unremovableOf(QuarkusPublicIds.class));
		beans.produce(AdditionalBeanBuildItem.unremovableOf(PublicIdStartCheck.class));
		if (capabilities.isPresent(Capability.REST)) {
			converters.produce(new ParamConverterBuildItem(RUNTIME + "PublicIdParamConverterProvider", 0, true));
		}
	}

	/**
	 * Qute reads properties itself, past Jackson and JSON-B: where the application has Qute, {@code @PublicId}
	 * properties render as tokens through a value resolver asked before Qute's own (every class, indexed or not: it
	 * looks at the rendered object's class). Quarkus declares no capability for Qute: its engine producer on the
	 * class path says it is there.
	 */
	@BuildStep(onlyIf = QutePresent.class)
	void publicIdsInQute(CombinedIndexBuildItem index, BuildProducer<AdditionalBeanBuildItem> beans,
			BuildProducer<ReflectiveClassBuildItem> reflective, BuildProducer<ValidationErrorBuildItem> errors) {
		beans.produce(AdditionalBeanBuildItem.unremovableOf(RUNTIME + "PublicIdValueResolver"));
		PublicIdQuteUses uses = PublicIdQuteUses.of(index.getIndex());
		if (!uses.refused.isEmpty()) {
			errors.produce(new ValidationErrorBuildItem(new ConfigurationException("@PublicId where Qute would render"
					+ " the raw id: " + String.join("; ", uses.refused))));
		}
		if (!uses.reflective.isEmpty()) { // native: the resolver finds and reads the members by reflection
			reflective.produce(ReflectiveClassBuildItem.builder(uses.reflective.toArray(String[]::new))
				.fields()
				.methods()
				.reason("snowflake: @PublicId members read by Qute templates")
				.build());
		}
	}

	/** Whether the application has the Qute extension. */
	static final class QutePresent implements java.util.function.BooleanSupplier {

		@Override
		public boolean getAsBoolean() {
			return io.quarkus.bootstrap.classloading.QuarkusClassLoader
				.isClassPresentAtRuntime("io.quarkus.qute.runtime.EngineProducer");
		}
	}

	/**
	 * What the build found goes to the start's check: the uses, their domains, and the application's injection points
	 * of {@code PublicIdCodec} (which, without a key, would fail at their first request instead of at start).
	 */
	@BuildStep
	@Record(ExecutionTime.STATIC_INIT)
	void publicIdsAtStart(PublicIdUsesBuildItem uses, BeanDiscoveryFinishedBuildItem beans, PublicIdRecorder recorder) {
		List<String> found = new ArrayList<>(uses.uses().uses);
		DotName codec = DotName.createSimple(PublicIdCodec.class.getName());
		for (InjectionPointInfo point : beans.getInjectionPoints()) {
			if (point.getRequiredType().name().equals(codec)) {
				found.add("an injection of PublicIdCodec in " + point.getTargetInfo());
			}
		}
		recorder.found(found, new TreeSet<>(uses.uses().domains));
	}

	/** Quarkus REST's generated Jackson serializers, which bypass the modules of the application's ObjectMapper. */
	private static boolean reflectionFreeSerializers() {
		return ConfigProvider.getConfig()
			.getOptionalValue("quarkus.rest.jackson.optimization.enable-reflection-free-serializers", Boolean.class)
			.orElse(false);
	}

	static String describe(AnnotationInstance annotation) {
		AnnotationTarget target = annotation.target();
		return switch (target.kind()) {
			case FIELD -> target.asField().declaringClass().name() + "." + target.asField().name();
			case METHOD -> target.asMethod().declaringClass().name() + "." + target.asMethod().name() + "()";
			case METHOD_PARAMETER -> target.asMethodParameter().method().declaringClass().name() + "."
					+ target.asMethodParameter().method().name().replace("<init>", "new") + "(parameter "
					+ target.asMethodParameter().position() + ")";
			case RECORD_COMPONENT -> target.asRecordComponent().declaringClass().name() + "."
					+ target.asRecordComponent().name();
			default -> target.toString();
		};
	}

	/**
	 * What a native image must keep for reflection and the ServiceLoader: the generators Hibernate instantiates from
	 * the annotations, snowflake-hibernate's service files (its integrator, the column check, and its service
	 * contributor), the Hibernate methods it calls by reflection to run on several Hibernate lines, and the JSON-B
	 * (de)serializers the build names in annotations. No native image is built here (no GraalVM on the build machine):
	 * {@code NativeRegistrationsTest} checks what this step produces.
	 */
	@BuildStep
	void nativeImage(BuildProducer<ReflectiveClassBuildItem> reflective,
			BuildProducer<ServiceProviderBuildItem> services) {
		reflective.produce(ReflectiveClassBuildItem.builder(SnowflakeIdentifierGenerator.class.getName(),
				SegmentIdentifierGenerator.class.getName(), SnowflakeValueGenerator.class.getName(),
				SnowflakeSchemaCheck.class.getName(), SnowflakeGeneratorService.Contributor.class.getName())
			.constructors()
			.reason("snowflake: instantiated by Hibernate")
			.build());
		reflective.produce(ReflectiveClassBuildItem.builder("org.hibernate.mapping.Table",
				"org.hibernate.generator.GeneratorCreationContext", "org.hibernate.models.spi.MemberDetails")
			.methods()
			.reason("snowflake: HibernateLines calls the methods whose form differs between Hibernate lines")
			.build());
		reflective.produce(ReflectiveClassBuildItem.builder(RUNTIME + "SnowflakeIdJsonbSerializer",
				RUNTIME + "SnowflakeIdJsonbDeserializer", RUNTIME + "SnowflakeIdValuesJsonbSerializer",
				RUNTIME + "SnowflakeIdValuesJsonbDeserializer", RUNTIME + "PublicIdJsonbSerializer",
				RUNTIME + "PublicIdJsonbDeserializer")
			.constructors()
			.reason("snowflake: named by the JSON-B annotations the build adds")
			.build());
		services.produce(new ServiceProviderBuildItem("org.hibernate.integrator.spi.Integrator",
				SnowflakeSchemaCheck.class.getName()));
		services.produce(new ServiceProviderBuildItem("org.hibernate.service.spi.ServiceContributor",
				SnowflakeGeneratorService.Contributor.class.getName()));
	}

	/**
	 * What Hibernate Reactive cannot serve stops the build, each use named: {@code @SegmentId} in a reactive unit (its
	 * segments are fetched over blocking JDBC, which would stall the event loop Hibernate Reactive persists on, and a
	 * reactive application may have no JDBC datasource at all), and {@code @SnowflakeId} in a composite id there
	 * (Hibernate Reactive 3.2 calls the generator of a composite id's part and drops the value: the part would keep 0
	 * or null).
	 */
	@BuildStep
	void refuseWhatReactiveUnitsCannotServe(List<PersistenceUnitDescriptorBuildItem> units,
			CombinedIndexBuildItem index, BuildProducer<ValidationErrorBuildItem> errors) {
		Set<String> segmentIds = new TreeSet<>();
		Set<String> compositeParts = new TreeSet<>();
		for (PersistenceUnitDescriptorBuildItem unit : units) {
			if (unit.isReactive()) {
				for (String managed : unit.getManagedClassNames()) {
					for (ClassInfo type : hierarchy(index.getIndex(), managed)) {
						type.annotations(SEGMENT_ID).forEach((annotation) -> segmentIds.add(describe(annotation)));
						if (type.hasDeclaredAnnotation(EMBEDDABLE) || type.hasDeclaredAnnotation(ID_CLASS)) {
							type.annotations(SNOWFLAKE_ID).forEach((annotation) -> compositeParts.add(describe(annotation)));
						}
					}
				}
			}
		}
		if (!segmentIds.isEmpty()) {
			errors.produce(new ValidationErrorBuildItem(new ConfigurationException("@SegmentId is not supported on"
					+ " Hibernate Reactive entities (its segments are fetched with blocking JDBC, which would stall the"
					+ " event loop): use @SnowflakeId there; found on " + String.join(", ", segmentIds))));
		}
		if (!compositeParts.isEmpty()) {
			errors.produce(new ValidationErrorBuildItem(new ConfigurationException("@SnowflakeId in a composite id"
					+ " (@EmbeddedId, @IdClass) is not supported on Hibernate Reactive entities (Hibernate Reactive 3.2"
					+ " drops the generated value of a composite id's part, which would keep 0 or null): use a single"
					+ " @Id @SnowflakeId there; found on " + String.join(", ", compositeParts))));
		}
	}

	/** {@code className} and its superclasses, as far as the index has them. */
	static List<ClassInfo> hierarchy(IndexView index, String className) {
		List<ClassInfo> found = new ArrayList<>();
		for (ClassInfo type = index.getClassByName(className); type != null;
				type = (type.superName() != null) ? index.getClassByName(type.superName()) : null) {
			found.add(type);
		}
		return found;
	}

	/**
	 * Unremovable: an observer of the shutdown that nothing injects, and the holder of a ZooKeeper or Redis client that
	 * only the recorder looks up.
	 */
	@BuildStep
	AdditionalBeanBuildItem leaseRelease() {
		return AdditionalBeanBuildItem.builder()
			.addBeanClasses(LeaseRelease.class, CoordinationClient.class)
			.setUnremovable()
			.build();
	}

	/**
	 * The generator: created at start ({@code startup()}, so a bad setting stops the start, not the first insert),
	 * closed with the application (a later lease is released then); unremovable, as entities alone use it.
	 */
	@BuildStep
	@Record(ExecutionTime.RUNTIME_INIT)
	void generatorBeans(SnowflakeRecorder recorder, Capabilities capabilities,
			BuildProducer<SyntheticBeanBuildItem> beans) {
		beans.produce(SyntheticBeanBuildItem.configure(ManagedGenerator.class)
			.scope(Singleton.class)
			.unremovable()
			.startup()
			.setRuntimeInit()
			.supplier(recorder.managedGenerator(capabilities.isPresent(Capability.HIBERNATE_REACTIVE),
					capabilities.isPresent(Capability.AGROAL)))
			.destroyer(BeanDestroyer.AutoCloseableDestroyer.class)
			.done());
		// @SegmentId: created at the first segment id, closed with the application (the unused rest handed back)
		beans.produce(SyntheticBeanBuildItem.configure(SegmentIdGenerators.class)
			.scope(Singleton.class)
			.unremovable()
			.setRuntimeInit()
			.supplier(recorder.segmentGenerators(capabilities.isPresent(Capability.AGROAL)))
			.destroyer(BeanDestroyer.AutoCloseableDestroyer.class)
			.done());
		beans.produce(SyntheticBeanBuildItem.configure(SnowflakeIdGenerator.class)
			.scope(Singleton.class)
			.unremovable()
			.setRuntimeInit()
			.supplier(recorder.generator())
			.done());
	}

	@BuildStep
	@Record(ExecutionTime.RUNTIME_INIT)
	void hibernateSettings(SnowflakeRecorder recorder, HibernateOrmConfig orm,
			List<PersistenceUnitDescriptorBuildItem> units,
			BuildProducer<HibernateOrmIntegrationRuntimeConfiguredBuildItem> integrations) {
		// Quarkus keys these settings by unit name, and a datasource with a JDBC and a reactive URL has two units of
		// one name (a blocking one and a reactive one): one listener per name, reactive where all of them are
		Map<String, List<PersistenceUnitDescriptorBuildItem>> byName = new LinkedHashMap<>();
		units.forEach((unit) -> byName.computeIfAbsent(unit.getPersistenceUnitName(), (name) -> new ArrayList<>())
			.add(unit));
		byName.forEach((name, named) -> {
			// a persistence.xml unit has its batching settings in the XML, which a runtime default would override
			boolean batchingDefaults = named.stream().noneMatch(PersistenceUnitDescriptorBuildItem::isFromPersistenceXml);
			boolean reactive = named.stream().allMatch(PersistenceUnitDescriptorBuildItem::isReactive);
			integrations.produce(new HibernateOrmIntegrationRuntimeConfiguredBuildItem(FEATURE, name)
				.setInitListener(recorder.hibernateSettings(name, batchingDefaults,
						statementBatchSize(orm, name).isPresent(), reactive)));
		});
	}

	/**
	 * The unit's {@code jdbc.statement-batch-size}, as Quarkus read it (every spelling of a named unit's key): a
	 * build-time setting, which becomes {@code hibernate.jdbc.batch_size} in the unit's build-time settings and which
	 * a runtime default would override.
	 */
	static OptionalInt statementBatchSize(HibernateOrmConfig orm, String persistenceUnit) {
		HibernateOrmConfigPersistenceUnit unit = PersistenceUnitUtil.isDefaultPersistenceUnit(persistenceUnit)
				? orm.defaultPersistenceUnit() : orm.namedPersistenceUnits().get(persistenceUnit);
		return (unit != null) ? unit.jdbc().statementBatchSize() : OptionalInt.empty();
	}
}
