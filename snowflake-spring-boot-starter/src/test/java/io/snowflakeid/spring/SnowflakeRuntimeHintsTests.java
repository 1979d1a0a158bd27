package io.snowflakeid.spring;

import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.spring.actuate.SnowflakeActuatorAutoConfiguration;
import io.snowflakeid.spring.boot3.SnowflakeBoot3AutoConfiguration;
import io.snowflakeid.spring.internal.SnowflakeHealthIndicators;
import io.snowflakeid.spring.internal.SnowflakeHealthRuntimeHints;
import io.snowflakeid.spring.jackson.SnowflakeJacksonAutoConfiguration;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;
import org.junit.jupiter.api.Test;

import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeHint;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.core.env.MapPropertySource;
import org.springframework.javapoet.ClassName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The native-image hints: what each registrar registers, checked against what the code really loads (the classes
 * Hibernate is told to instantiate, the ServiceLoader file, the interfaces of the health indicator's proxy), and
 * that Spring AOT collects them when it processes an application with the starter.
 */
class SnowflakeRuntimeHintsTests {

	private static final ClassLoader LOADER = SnowflakeRuntimeHintsTests.class.getClassLoader();

	private static Predicate<RuntimeHints> constructorsOf(Class<?> type) {
		return RuntimeHintsPredicates.reflection().onType(type).withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
	}

	@Test
	void hibernateCanInstantiateEveryGeneratorTheAnnotationsName() {
		RuntimeHints hints = new RuntimeHints();
		new SnowflakeRuntimeHints().registerHints(hints, LOADER);
		assertThat(hints).matches(constructorsOf(SnowflakeId.class.getAnnotation(IdGeneratorType.class).value()))
			.matches(constructorsOf(SnowflakeId.class.getAnnotation(ValueGenerationType.class).generatedBy()))
			.matches(constructorsOf(SegmentId.class.getAnnotation(IdGeneratorType.class).value()));
	}

	@Test
	void theServiceLoaderFindsTheServiceContributor() throws Exception {
		RuntimeHints hints = new RuntimeHints();
		new SnowflakeRuntimeHints().registerHints(hints, LOADER);
		assertThat(hints).matches(RuntimeHintsPredicates.resource().forResource(SnowflakeRuntimeHints.SERVICE_CONTRIBUTORS));
		String listed;
		try (InputStream in = LOADER.getResourceAsStream(SnowflakeRuntimeHints.SERVICE_CONTRIBUTORS)) {
			listed = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
		}
		assertThat(hints).as("the class the file names: %s", listed)
			.matches(RuntimeHintsPredicates.reflection()
				.onType(TypeReference.of(listed))
				.withMemberCategory(MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS));
	}

	@Test
	void theHealthIndicatorProxyAndWhatItCallsByReflectionAreRegistered() {
		RuntimeHints hints = new RuntimeHints();
		new SnowflakeHealthRuntimeHints().registerHints(hints, LOADER);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(SnowflakeLayout.DEFAULT).datacenterId(1)
			.workerId(9).build();
		boolean boot4 = isPresent(SnowflakeHealthIndicators.BOOT_4_HEALTH_INDICATOR);
		Object indicator = boot4 ? SnowflakeHealthIndicators.boot4(generator, null)
				: SnowflakeHealthIndicators.boot3(generator, null);
		assertThat(Proxy.isProxyClass(indicator.getClass())).isTrue();
		assertThat(hints).as("a JDK proxy of exactly these interfaces: %s",
				Arrays.toString(indicator.getClass().getInterfaces()))
			.matches(RuntimeHintsPredicates.proxies().forInterfaces(indicator.getClass().getInterfaces()));
		String packageName = indicator.getClass().getInterfaces()[0].getPackageName();
		for (String type : new String[] { "HealthIndicator", "Health", "Health$Builder" }) {
			assertThat(hints).as(type)
				.matches(RuntimeHintsPredicates.reflection()
					.onType(TypeReference.of(packageName + "." + type))
					.withMemberCategory(MemberCategory.INVOKE_PUBLIC_METHODS));
		}
		String otherLine = boot4 ? SnowflakeHealthIndicators.BOOT_3_HEALTH_INDICATOR
				: SnowflakeHealthIndicators.BOOT_4_HEALTH_INDICATOR;
		assertThat(hints).as("nothing for the line that is not on the class path")
			.matches(RuntimeHintsPredicates.proxies().forInterfaces(TypeReference.of(otherLine)).negate());
	}

	@Test
	void springAotCollectsTheHintsOfAnApplicationWithTheStarter() {
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test",
				Map.of("snowflake.datacenter-id", "1", "snowflake.worker-id", "2")));
		context.register(Application.class);
		DefaultGenerationContext generation = new DefaultGenerationContext(
				new ClassNameGenerator(ClassName.get(Application.class)), new InMemoryGeneratedFiles());
		new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
		RuntimeHints hints = generation.getRuntimeHints();
		assertThat(hints).as("SnowflakeRuntimeHints, imported by SnowflakeAutoConfiguration")
			.matches(constructorsOf(SnowflakeId.class.getAnnotation(IdGeneratorType.class).value()))
			.matches(RuntimeHintsPredicates.resource().forResource(SnowflakeRuntimeHints.SERVICE_CONTRIBUTORS));
		String indicator = isPresent(SnowflakeHealthIndicators.BOOT_4_HEALTH_INDICATOR)
				? SnowflakeHealthIndicators.BOOT_4_HEALTH_INDICATOR : SnowflakeHealthIndicators.BOOT_3_HEALTH_INDICATOR;
		assertThat(hints).as("SnowflakeHealthRuntimeHints, imported by the health configuration of this line")
			.matches(RuntimeHintsPredicates.proxies().forInterfaces(TypeReference.of(indicator)));
		assertThat(List.of("configuration", "decode")).as("Spring Boot's own hints for the endpoint's @ReadOperation methods")
			.allMatch((method) -> invocable(hints, endpointType(), method));
		context.close();
	}

	/** The endpoint's class (package-private: not an API). */
	private static Class<?> endpointType() {
		try {
			return Class.forName("io.snowflakeid.spring.actuate.SnowflakeEndpoint");
		}
		catch (ClassNotFoundException ex) {
			throw new AssertionError(ex);
		}
	}

	/** Read from the hints themselves: the predicate for this differs between Spring Framework 6.2 and 7. */
	private static boolean invocable(RuntimeHints hints, Class<?> type, String method) {
		TypeHint hint = hints.reflection().getTypeHint(type);
		return hint != null && (hint.getMemberCategories().contains(MemberCategory.INVOKE_PUBLIC_METHODS)
				|| hint.methods().anyMatch((each) -> each.getName().equals(method) && each.getMode() == ExecutableMode.INVOKE));
	}

	private static boolean isPresent(String className) {
		try {
			Class.forName(className, false, LOADER);
			return true;
		}
		catch (ClassNotFoundException ex) {
			return false;
		}
	}

	@ImportAutoConfiguration({ SnowflakeAutoConfiguration.class, SnowflakeActuatorAutoConfiguration.class,
			SnowflakeJacksonAutoConfiguration.class, SnowflakeBoot3AutoConfiguration.class })
	static class Application {

	}
}
