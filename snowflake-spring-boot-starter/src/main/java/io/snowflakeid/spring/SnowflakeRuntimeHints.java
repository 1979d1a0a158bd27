package io.snowflakeid.spring;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * What a native image needs beyond the bean definitions Spring AOT generates: the classes Hibernate instantiates
 * by reflection for {@code @SnowflakeId} and {@code @SegmentId}, and the {@code ServiceContributor} it finds with the
 * ServiceLoader. Spring's JPA support registers the generators of the entities it scans too; these hints also cover
 * entities it does not see (a SessionFactory or persistence unit set up by hand). The configuration properties,
 * the actuator endpoint's operations and the {@code spring.factories} entries (failure analyzers) get their hints from
 * Spring Boot and Spring Framework; the Jackson modules need none (beans created by this starter, serializers passed
 * as instances); the health indicator's are in {@code SnowflakeHealthRuntimeHints}.
 */
final class SnowflakeRuntimeHints implements RuntimeHintsRegistrar {

	static final String SERVICE_CONTRIBUTORS = "META-INF/services/org.hibernate.service.spi.ServiceContributor";

	/**
	 * By name: the starter also runs without Hibernate (ids outside JPA), and these classes implement Hibernate's
	 * interfaces, so they must not be loaded then.
	 */
	static final String[] GENERATORS = { "io.snowflakeid.hibernate.SnowflakeIdentifierGenerator",
			"io.snowflakeid.hibernate.SnowflakeValueGenerator", "io.snowflakeid.hibernate.SegmentIdentifierGenerator" };

	static final String SERVICE_CONTRIBUTOR = "io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorService$Contributor";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		if (!ClassUtils.isPresent("org.hibernate.generator.Generator", classLoader)) {
			return;
		}
		// Created through Spring's bean container (createBean: constructor resolution) or, failing that, by
		// Hibernate's own reflective instantiation; either way through the no-arg constructor.
		for (String generator : GENERATORS) {
			hints.reflection().registerType(TypeReference.of(generator), MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
		}
		hints.reflection().registerType(TypeReference.of(SERVICE_CONTRIBUTOR), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
		hints.resources().registerPattern(SERVICE_CONTRIBUTORS);
	}
}
