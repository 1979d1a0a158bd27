package io.snowflakeid.compat.hibernate;

import java.lang.annotation.Annotation;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;

import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SegmentIdentifierGenerator;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.hibernate.SnowflakeIdentifierGenerator;
import io.snowflakeid.hibernate.SnowflakeValueGenerator;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.Generator;
import org.hibernate.generator.GeneratorCreationContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which creation path the line takes through the jar's generators (the behaviour is in {@link HibernateLineTests}):
 * 7.3 and later call {@code initialize(annotation, context)}, and it must be ours, not the interface's default
 * that forwards to the form deprecated for removal; 6.6 and 7.2 call that form, also ours.
 */
class CreationPathTests {

	@ParameterizedTest
	@ValueSource(classes = { SnowflakeIdentifierGenerator.class, SnowflakeValueGenerator.class,
			SegmentIdentifierGenerator.class })
	void theInitializeTheLineCallsIsTheGenerators(Class<?> generator) throws Exception {
		Line.checkRunningOnTheRequestedLine();
		Method called = hasTwoArgumentInitialize()
				? generator.getMethod("initialize", Annotation.class, GeneratorCreationContext.class)
				: generator.getMethod("initialize", Annotation.class, Member.class, GeneratorCreationContext.class);

		assertThat(called.getDeclaringClass()).as(called.toString()).isEqualTo(generator);
	}

	/** Hibernate 8.0 looks for the annotation type among the generator class's own interfaces only. */
	@ParameterizedTest
	@ValueSource(classes = { SnowflakeIdentifierGenerator.class, SnowflakeValueGenerator.class,
			SegmentIdentifierGenerator.class })
	void theGeneratorDeclaresItsAnnotationTypeItself(Class<?> generator) {
		Class<?> annotation = (generator == SegmentIdentifierGenerator.class) ? SegmentId.class : SnowflakeId.class;
		Type[] own = generator.getGenericInterfaces();

		assertThat(Arrays.stream(own).anyMatch((type) -> type instanceof ParameterizedType parameterized
				&& parameterized.getRawType() == AnnotationBasedGenerator.class
				&& parameterized.getActualTypeArguments()[0] == annotation)).as(Arrays.toString(own)).isTrue();
	}

	/** Hibernate 7.4's check of the generated type against the attribute's sees ours (null would skip it). */
	@ParameterizedTest
	@ValueSource(classes = { SnowflakeIdentifierGenerator.class, SegmentIdentifierGenerator.class })
	void theGeneratedTypeIsDeclaredWhereTheLineAsksForIt(Class<?> generator) throws Exception {
		boolean asked = Arrays.stream(Generator.class.getMethods())
			.anyMatch((method) -> method.getName().equals("getGeneratedType"));

		assertThat(generator.getMethod("getGeneratedType").getDeclaringClass() != Generator.class).isTrue();
		assertThat(asked).as("Generator.getGeneratedType() on " + org.hibernate.Version.getVersionString())
			.isEqualTo(!org.hibernate.Version.getVersionString().matches("(6\\.|7\\.[0-3]\\.).*"));
	}

	private static boolean hasTwoArgumentInitialize() {
		try {
			AnnotationBasedGenerator.class.getMethod("initialize", Annotation.class, GeneratorCreationContext.class);
			return true;
		}
		catch (NoSuchMethodException ex) {
			return false;
		}
	}
}
