package io.snowflakeid.hibernate;

import org.hibernate.generator.EventType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A generator Hibernate created but never initialized (its class named in {@code @GenericGenerator(type = ...)}
 * instead of the annotation on the attribute) says so and what to do, instead of blaming Spring AOT.
 */
class UninitializedGeneratorTests {

	@Test
	void snowflakeGeneratorNamesTheAnnotationToUse() {
		assertThatIllegalStateException().isThrownBy(() -> new SnowflakeIdentifierGenerator().generate(null, null))
			.withMessageContaining("SnowflakeIdentifierGenerator was created without @SnowflakeId")
			.withMessageContaining("put @SnowflakeId on the attribute")
			.withMessageNotContaining("AOT");
		assertThatIllegalStateException()
			.isThrownBy(() -> new SnowflakeValueGenerator().generate(null, null, null, EventType.INSERT))
			.withMessageContaining("SnowflakeValueGenerator was created without @SnowflakeId");
	}

	@Test
	void segmentGeneratorNamesTheAnnotationToUse() {
		assertThatIllegalStateException().isThrownBy(() -> new SegmentIdentifierGenerator().generate(null, null))
			.withMessageContaining("SegmentIdentifierGenerator was created without @SegmentId")
			.withMessageContaining("put @SegmentId on the attribute");
	}
}
